/**
 * foliate-js's `<foliate-view>` (the pinned `foliate-js` package, docs/decisions/015-digital-library.md),
 * as far as the reader uses it. The module is imported here only, and this file only by the
 * reader's page, so the renderer never reaches another page's bundle. Its frames are sandboxed
 * without `allow-scripts` by the build (vite.config.ts, foliateWithoutScripts).
 */
export interface TocItem {
  label: string;
  href: string;
  subitems?: TocItem[];
}

export interface Relocation {
  /** How far through the whole book, from 0 to 1. */
  fraction: number;
  /** Where the page starts, as an EPUB CFI: what is kept on the server. */
  cfi: string;
}

export interface FoliateView extends HTMLElement {
  open(file: File): Promise<void>;
  init(options: { lastLocation?: string | null; showTextStart?: boolean }): Promise<void>;
  goTo(target: string): Promise<unknown>;
  prev(): Promise<void>;
  next(): Promise<void>;
  close(): void;
  book: { toc?: TocItem[] };
  renderer: HTMLElement & { setStyles?(css: string): void };
}

export async function createFoliateView(): Promise<FoliateView> {
  await import('foliate-js/view.js');
  return document.createElement('foliate-view') as FoliateView;
}
