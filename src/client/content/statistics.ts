/** The counters of the home page's statistics section (docs/product.md#home Home). */
import { t } from '../lib/i18n.ts';

export interface Statistic {
  end: number;
  suffix: string;
  label: string;
}

const FIGURES = {
  events: { end: 120, suffix: '+' },
  readers: { end: 8000, suffix: '+' },
  authors: { end: 350, suffix: '+' },
  borrowed: { end: 18000, suffix: '+' },
  feedback: { end: 95, suffix: '%' },
} as const;

export const statistics = (): Statistic[] =>
  (Object.keys(FIGURES) as (keyof typeof FIGURES)[]).map((key) => ({
    ...FIGURES[key],
    label: t.homeTexts.statistics[key],
  }));
