/**
 * The cover drawn when a book's image does not load (docs/product.md#images): its category's colours
 * with the book's title, made of CSS alone, so it needs no request and cannot fail in turn.
 */
import type { Category } from '../../../common/constants.ts';
import { t } from '../../lib/i18n.ts';

interface Palette {
  from: string;
  to: string;
  accent: string;
}

/** A category the library added has the novels' colours. */
const NOVEL: Palette = { from: '#1d3557', to: '#0b1a2e', accent: '#f1c453' };

/** Background and accent per default category, in the spirit of the demo covers. */
const PALETTES: Partial<Record<Category, Palette>> = {
  Novel: NOVEL,
  Thriller: { from: '#3a0d12', to: '#120406', accent: '#ef6461' },
  History: { from: '#5c3d1e', to: '#24170b', accent: '#e9c46a' },
  Drama: { from: '#5b1a3a', to: '#24091a', accent: '#f4a261' },
  'Sci-Fi': { from: '#0f3d3e', to: '#041516', accent: '#6fd3f0' },
};

interface FallbackCoverProps {
  name: string;
  category: Category;
  className?: string;
  /** Decorative where the card's title already names the book (loans and holds). */
  decorative?: boolean;
}

export function FallbackCover({
  name,
  category,
  className = '',
  decorative = false,
}: FallbackCoverProps) {
  const palette = PALETTES[category] ?? NOVEL;
  return (
    <div
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : t.imageTexts.generatedCover(name, category)}
      aria-hidden={decorative || undefined}
      data-testid="fallback-cover"
      className={`@container flex aspect-[2/3] w-full flex-col items-center justify-between overflow-hidden p-[8%] text-center ${className}`}
      style={{
        backgroundImage: `linear-gradient(160deg, ${palette.from}, ${palette.to})`,
        color: palette.accent,
      }}
    >
      <span className="text-[max(0.5rem,6cqw)] tracking-[0.25em] uppercase">{category}</span>
      <span
        className="line-clamp-5 font-serif text-[max(0.75rem,11cqw)] leading-tight font-bold break-words [overflow-wrap:anywhere]"
        style={{ color: '#fff8f0' }}
      >
        {name}
      </span>
      <span className="h-px w-1/5" style={{ backgroundColor: palette.accent }} aria-hidden="true" />
    </div>
  );
}
