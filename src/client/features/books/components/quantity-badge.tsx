import { catalogueTexts } from '../../../lib/messages.ts';

/** How many copies are on the shelf; an empty shelf stands out in the error colour. */
export function QuantityBadge({ quantity }: { quantity: number }) {
  const tone = quantity > 0 ? 'badge-success' : 'badge-error';
  return <span className={`badge badge-soft ${tone}`}>{catalogueTexts.copies(quantity)}</span>;
}
