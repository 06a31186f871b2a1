import { t } from '../../../lib/i18n.ts';

interface BookCoverProps {
  name: string;
  image: string;
  /** Covers above the fold load at once and first; the rest wait until they scroll into view. */
  eager?: boolean;
  className?: string;
}

/** A book's cover at its 2:3 shape, sized before it loads so the page does not jump. */
export function BookCover({ name, image, eager = false, className = '' }: BookCoverProps) {
  return (
    <img
      src={image}
      alt={t.catalogueTexts.coverAlt(name)}
      width={200}
      height={300}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={`aspect-[2/3] w-full bg-base-300 object-cover ${className}`}
    />
  );
}
