import { t } from '../../lib/i18n.ts';

/**
 * What a page's place in the frame shows while its first data or code arrives: the shape of a
 * page (a heading, a line, a few cards), inside the navbar and footer, never a full-screen
 * overlay, so that nothing jumps when the page takes its place (issue 36).
 */
export function PageSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6"
    >
      <span className="sr-only">{t.layoutTexts.loading}…</span>
      <div className="skeleton h-9 w-64 max-w-full" aria-hidden="true" />
      <div className="skeleton h-5 w-96 max-w-full" aria-hidden="true" />
      <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        <div className="skeleton h-40" />
        <div className="skeleton h-40 max-md:hidden" />
        <div className="skeleton h-40 max-lg:hidden" />
      </div>
    </div>
  );
}
