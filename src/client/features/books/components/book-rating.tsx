import { RATING_MAX } from '../../../../common/constants.ts';
import { t } from '../../../lib/i18n.ts';

interface BookRatingProps {
  rating: number;
  size?: 'xs' | 'sm' | 'md';
}

const sizeClass = { xs: 'rating-xs', sm: 'rating-sm', md: 'rating-md' } as const;

/**
 * Stars rounded to the nearest half, with the exact value written out beside them. daisyUI lights
 * every star up to the one marked aria-current.
 */
export function BookRating({ rating, size = 'sm' }: BookRatingProps) {
  const halves = Math.round(rating * 2);
  return (
    <span className="inline-flex items-center gap-2">
      <span className={`rating rating-half ${sizeClass[size]}`} aria-hidden="true">
        {Array.from({ length: RATING_MAX * 2 }, (_, index) => (
          <span
            key={index}
            className={`mask mask-star-2 bg-warning ${index % 2 === 0 ? 'mask-half-1' : 'mask-half-2'}`}
            aria-current={index === halves - 1 ? 'true' : undefined}
          />
        ))}
      </span>
      <span className="text-sm">{t.catalogueTexts.ratingOutOf(rating, RATING_MAX)}</span>
    </span>
  );
}
