import { t } from '../../../lib/i18n.ts';

/** How many copies are on the shelf; an empty shelf stands out in the error colour. */
export function QuantityBadge({ quantity }: { quantity: number }) {
  const tone = quantity > 0 ? 'badge-success' : 'badge-error';
  return <span className={`badge badge-soft ${tone}`}>{t.catalogueTexts.copies(quantity)}</span>;
}
