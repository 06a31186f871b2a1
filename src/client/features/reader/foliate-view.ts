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
  /** How far through the whole book the page ends, from 0 to 1. */
  fraction: number;
  /** The page among the book's locations (foliate's equal slices of its text), when known. */
  location?: { current: number; next: number; total: number };
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

interface OverlayerEvent extends Event {
  detail: { attach(overlayer: { element: SVGElement }): void };
}

/**
 * Leaves out foliate's overlayer, the SVG layer each page gets for annotations, which the reader
 * does not use: foliate lays it out at the page's left edge and then moves it a page's width to
 * the right, which browsers count as a layout shift of the whole page (0.25 on a phone, issue 36).
 * Call after `open()` and before `init()`: the listener runs before foliate's own.
 */
export function withoutOverlayer(view: FoliateView) {
  view.renderer.addEventListener(
    'create-overlayer',
    (event) => {
      const { detail } = event as OverlayerEvent;
      const attach = detail.attach.bind(detail);
      detail.attach = (overlayer) => {
        overlayer.element.style.display = 'none';
        attach(overlayer);
      };
    },
    { capture: true },
  );
}

/**
 * How far the member has read, from 0 on the first page to 1 on the last. foliate's own fraction
 * is where the page shown ends, so a short book's first page read "30% read" (issue 36).
 */
export function readFraction({ fraction, location }: Relocation): number {
  if (!location || location.total <= 0) return fraction;
  if (location.next >= location.total) return 1;
  return location.current / location.total;
}
