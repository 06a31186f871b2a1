import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionUser } from './auth-client.ts';
import {
  OTHER_TABS_KEY,
  fetchSessionUser,
  onSessionChange,
  rememberSessionUser,
} from './auth-session.ts';
/** Coming back to the tab reads the session again, at most this often (as better-auth's client does). */
const REREAD_ON_RETURN_MS = 5000;

/**
 * The signed-in user as the server sees it: as the page was loaded with (`atLoad`, read before the
 * first render), then on `refetch`, when the tab comes back into view and when another tab signs
 * out. A failed read counts as signed out.
 */
export function useServerSession(atLoad: SessionUser | null) {
  const [sessionUser, setSessionUser] = useState<SessionUser | null>(atLoad);
  const lastReadAt = useRef(0);
  const latestRead = useRef(0);

  const refetch = useCallback(async () => {
    lastReadAt.current = Date.now();
    const read = ++latestRead.current;
    let fresh: SessionUser | null = null;
    try {
      fresh = await fetchSessionUser();
    } catch (error) {
      console.error('Reading the session failed', error);
    }
    // An older answer that arrives late must not undo a newer one.
    if (read !== latestRead.current) return;
    rememberSessionUser(fresh);
    // The same member keeps the same object, so nothing re-renders for nothing.
    setSessionUser((current) =>
      JSON.stringify(current) === JSON.stringify(fresh) ? current : fresh,
    );
  }, []);

  useEffect(() => {
    lastReadAt.current = Date.now();
    const onReturn = () => {
      const due = Date.now() - lastReadAt.current > REREAD_ON_RETURN_MS;
      if (document.visibilityState === 'visible' && due) void refetch();
    };
    const onOtherTab = (event: StorageEvent) => {
      if (event.key === OTHER_TABS_KEY) void refetch();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('storage', onOtherTab);
    const stopListening = onSessionChange(() => void refetch());
    return () => {
      stopListening();
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('storage', onOtherTab);
    };
  }, [refetch]);

  return { sessionUser, refetch };
}
