import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { t } from '../../lib/i18n.ts';

/** Quick page changes should not flash the bar; only slower ones show it. */
const SHOW_AFTER_MS = 150;

/**
 * A slim bar along the top of the window while the next page's code or data is on its way. The
 * navbar and the page being left stay on screen meanwhile; nothing is blanked.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t.shellTexts.loadingPage}
      className="navigation-progress fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20"
    >
      <div className="navigation-progress-bar h-full w-1/3 bg-primary" />
    </div>
  );
}
