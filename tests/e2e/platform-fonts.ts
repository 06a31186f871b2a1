/**
 * Which fonts Chromium really drew a text with (DevTools' CSS.getPlatformFontsForNode), inside
 * shadow roots and frames too (the reader's pages): the way to tell a glyph drawn by the bundled
 * Bengali font from a box drawn by whatever font the system fell back to.
 */
import type { Page } from '@playwright/test';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeValue: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

export interface DrawnText {
  text: string;
  /** Glyphs drawn by Noto Sans Bengali, the font the app ships. */
  bundled: number;
  /** Glyphs drawn by any other font. */
  other: number;
}

/** DOM's nodeType of text. */
const TEXT_NODE = 3;

/** Bengali letters and signs, and the danda and double danda (U+0964–0965, Devanagari block). */
const BENGALI = /[\u0980-\u09FF\u0964\u0965]/u;

/** Characters of `text` that are not Bengali: spaces and punctuation, which other fonts may draw. */
export const nonBengali = (text: string) => [...text].filter((char) => !BENGALI.test(char)).length;

/** How the first `limit` elements whose own text contains `fragment` were drawn. */
export async function drawnTexts(page: Page, fragment: string, limit = 3): Promise<DrawnText[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const found: { nodeId: number; text: string }[] = [];
    const walk = (node: DomNode, parent: DomNode) => {
      if (node.nodeType === TEXT_NODE && node.nodeValue.includes(fragment))
        found.push({ nodeId: parent.nodeId, text: node.nodeValue });
      const inner = [...(node.children ?? []), ...(node.shadowRoots ?? [])];
      if (node.contentDocument) inner.push(node.contentDocument);
      for (const child of inner) walk(child, node);
    };
    walk(root, root);
    const drawn: DrawnText[] = [];
    for (const { nodeId, text } of found.slice(0, limit)) {
      const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
        fonts: { familyName: string; glyphCount: number }[];
      };
      const count = (bundled: boolean) =>
        fonts
          .filter((font) => (font.familyName === 'Noto Sans Bengali') === bundled)
          .reduce((sum, font) => sum + font.glyphCount, 0);
      drawn.push({ text, bundled: count(true), other: count(false) });
    }
    return drawn;
  } finally {
    await cdp.detach();
  }
}
