import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LoadingOverlay } from './loading-overlay.tsx';

/** Quick page changes should not flash the overlay; only slow ones show it. */
const SHOW_AFTER_MS = 300;

/** Shows the loading overlay while a page's code or data is still on its way. */
export function NavigationOverlay() {
  const loading = useNavigation().state === 'loading';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setVisible(false);
    };
  }, [loading]);

  return visible ? <LoadingOverlay /> : null;
}
