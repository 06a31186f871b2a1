import { t } from '../../lib/i18n.ts';
const BAR_COUNT = 5;

/**
 * docs/product.md#pages: a full-screen overlay with animated bars while content loads. index.html paints the
 * same markup before any script runs; keep the two alike.
 */
export function LoadingOverlay({ label = t.layoutTexts.loading }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-base-100"
    >
      <div className="flex h-12 items-end gap-1.5" aria-hidden="true">
        {Array.from({ length: BAR_COUNT }, (_, index) => (
          <span key={index} className="loading-bar h-full w-2 rounded-full bg-primary" />
        ))}
      </div>
      <span className="text-sm text-base-content/70">{label}…</span>
    </div>
  );
}
