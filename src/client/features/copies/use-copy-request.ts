/**
 * A librarian's request about copies, with its buttons disabled while it runs and the server's
 * refusal shown in the page's words: the copies section, the copy actions and the copy finder
 * each made their requests this way.
 */
import { useState } from 'react';
import { showRefusal } from './refused.ts';

export function useCopyRequest() {
  const [busy, setBusy] = useState(false);
  /** Runs `request`; when refused, `onRefused` first (to clear what it showed), then the refusal. */
  async function run(request: () => Promise<void>, onRefused?: () => void) {
    setBusy(true);
    try {
      await request();
    } catch (error) {
      onRefused?.();
      await showRefusal(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
