import { useRef } from 'react';
import { statistics } from '../../content/statistics.ts';
import { formatNumber, t } from '../../lib/i18n.ts';
import { timings } from '../../lib/messages.ts';
import { useCountUp } from './hooks/use-count-up.ts';
import { useReducedMotion } from './hooks/use-reduced-motion.ts';
import { useSeen } from './hooks/use-seen.ts';

/** How much of a figure must be on screen before it starts counting. */
const VISIBLE_SHARE = 0.6;

interface CounterProps {
  end: number;
  suffix: string;
  label: string;
}

const shown = (value: number, suffix: string) => `${formatNumber(value)}${suffix}`;

/** Counts from 0 over 3 seconds once scrolled into view; the final figure is what screen readers get. */
function Counter({ end, suffix, label }: CounterProps) {
  const figure = useRef<HTMLParagraphElement>(null);
  const seen = useSeen(figure, { share: VISIBLE_SHARE });
  const reduceMotion = useReducedMotion();
  const counted = useCountUp(end, timings.counterDuration, seen && !reduceMotion);

  return (
    <li className="flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100 px-4 py-6 text-center shadow-sm">
      <p
        ref={figure}
        className="font-serif text-4xl font-bold text-primary tabular-nums sm:text-5xl"
      >
        <span className="sr-only">{shown(end, suffix)}</span>
        <span aria-hidden="true" data-testid="counter-value">
          {shown(reduceMotion ? end : counted, suffix)}
        </span>
      </p>
      <p className="text-sm text-base-content/75">{label}</p>
    </li>
  );
}

/** docs/product.md#home Home statistics. */
export function StatisticsSection() {
  return (
    <section aria-labelledby="statistics-heading" className="below-fold bg-base-200 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="statistics-heading" className="mb-10 text-center text-3xl font-bold sm:text-4xl">
          {t.homeTexts.statisticsHeading}
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-5">
          {statistics().map((counter) => (
            <Counter key={counter.label} {...counter} />
          ))}
        </ul>
      </div>
    </section>
  );
}
