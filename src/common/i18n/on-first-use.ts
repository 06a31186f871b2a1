/**
 * A value made the first time it is asked for, then kept. For Intl's formatters: making one costs
 * the page's start-up (the first starts ICU, about 300 ms of a slow phone's main thread; each with
 * a time zone or a time-of-day pattern loads more), and most first renders need few or none of
 * them, so none is made while the modules load (docs/performance.md#lighthouse).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
