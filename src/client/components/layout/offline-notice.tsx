/**
 * With no connection (docs/product.md#on-a-phone): says so at the top of every page, and, when what
 * is shown was kept from an earlier visit, as of when; every form that changes something needs a
 * connection, and keeps what was typed when sending fails.
 */
import { useEffect, useState } from 'react';
import { forgetKeptAnswers, keptAnswersSince, onKeptAnswers } from '../../lib/offline.ts';
import { locale, t } from '../../lib/i18n.ts';

export function OfflineNotice() {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [keptSince, setKeptSince] = useState(keptAnswersSince);
  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      forgetKeptAnswers();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const stop = onKeptAnswers(() => setKeptSince(keptAnswersSince()));
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      stop();
    };
  }, []);
  if (online && !keptSince) return null;
  const time = keptSince
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(keptSince)
    : null;
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="alert alert-warning rounded-none border-x-0 text-sm"
    >
      {time ? t.layoutTexts.offlineAsOf(time) : t.layoutTexts.offline}
    </p>
  );
}
