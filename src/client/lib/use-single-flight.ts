import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async task at a time: while it runs, `busy` is true and further calls are ignored,
 * so a double click can never send a form twice.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, run };
}
