import { useEffect, useRef, type RefObject } from 'react';
import { useCountUp } from 'react-countup';
import { useInView, useReducedMotion } from 'motion/react';
import { statistics, statisticsHeading } from '../../content/statistics.ts';
import { timings } from '../../lib/messages.ts';

interface CounterProps {
  end: number;
  suffix: string;
  label: string;
}

/** Counts from 0 over 3 seconds once scrolled into view; the final figure is what screen readers get. */
function Counter({ end, suffix, label }: CounterProps) {
  const figure = useRef<HTMLParagraphElement>(null);
  const digits = useRef<HTMLSpanElement>(null);
  const inView = useInView(figure, { once: true, amount: 0.6 });
  const reduceMotion = useReducedMotion();
  const { start } = useCountUp({
    // react-countup's type wants a ref that is never null; it reads it only after mounting.
    ref: digits as RefObject<HTMLElement>,
    start: 0,
    end,
    suffix,
    duration: timings.counterDuration / 1000,
    startOnMount: false,
  });

  useEffect(() => {
    if (inView && !reduceMotion) start();
  }, [inView, reduceMotion, start]);

  const shown = (value: number) => `${value.toLocaleString('en-US')}${suffix}`;
  return (
    <li className="flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100 px-4 py-6 text-center shadow-sm">
      <p
        ref={figure}
        className="font-serif text-4xl font-bold text-primary tabular-nums sm:text-5xl"
      >
        <span className="sr-only">{shown(end)}</span>
        {/* countup.js writes the running figure straight into this element. */}
        <span ref={digits} aria-hidden="true" data-testid="counter-value">
          {shown(reduceMotion ? end : 0)}
        </span>
      </p>
      <p className="text-sm text-base-content/75">{label}</p>
    </li>
  );
}

/** SPEC §2 Home statistics. */
export function StatisticsSection() {
  return (
    <section aria-labelledby="statistics-heading" className="bg-base-200 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="statistics-heading" className="mb-10 text-center text-3xl font-bold sm:text-4xl">
          {statisticsHeading}
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-5">
          {statistics.map((counter) => (
            <Counter key={counter.label} {...counter} />
          ))}
        </ul>
      </div>
    </section>
  );
}
