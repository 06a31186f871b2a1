import { useState } from 'react';
import type { Category } from '../../../common/constants.ts';
import { FallbackCover } from './fallback-cover.tsx';
import { t } from '../../lib/i18n.ts';

interface BookCoverProps {
  name: string;
  category: Category;
  image: string;
  /** Covers above the fold load at once and first; the rest wait until they scroll into view. */
  eager?: boolean;
  className?: string;
  /** Decorative where the card's title names the book (loans and holds): no alternative text. */
  decorative?: boolean;
}

/**
 * A book's cover at its 2:3 shape, sized before it loads so the page does not jump. An image
 * that does not load, or a book without one, gives way to the category's generated cover with the
 * title (docs/product.md#images).
 */
export function BookCover({
  name,
  category,
  image,
  eager = false,
  className = '',
  decorative = false,
}: BookCoverProps) {
  // The address that failed, so that a book given a new image tries it.
  const [failed, setFailed] = useState<string | null>(null);
  // A book imported without a cover (a MARC record) has no image to try.
  if (failed === image || image === '') {
    return (
      <FallbackCover
        name={name}
        category={category}
        className={className}
        decorative={decorative}
      />
    );
  }
  return (
    <img
      src={image}
      alt={decorative ? '' : t.catalogueTexts.coverAlt(name)}
      width={200}
      height={300}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(image)}
      className={`aspect-[2/3] w-full bg-base-300 object-cover ${className}`}
    />
  );
}
