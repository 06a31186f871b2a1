import { useEffect, useState } from 'react';

/** Fast at first, slowing into the final figure (countup.js's default curve). */
const easeOutExpo = (progress: number) => (1 - 2 ** (-10 * progress)) * (1024 / 1023);

/**
 * Counts from 0 to `end` over `duration` milliseconds once `running` turns true, one step per
 * frame; answers the whole number to show.
 */
export function useCountUp(end: number, duration: number, running: boolean): number {
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let startedAt: number | undefined;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min((now - startedAt) / duration, 1);
      setValue(Math.min(Math.round(end * easeOutExpo(progress)), end));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [end, duration, running]);

  return value;
}
