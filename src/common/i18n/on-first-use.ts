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

/**
 * One value for each key, each made the first time its key is asked for, then kept: formatters by
 * time zone. The keys are the library's settings (its time zone), never a client's text, so they
 * stay few.
 */
export function onFirstUseFor<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
