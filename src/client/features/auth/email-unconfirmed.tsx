import { useState } from 'react';
import { showAlert, showToast } from '../../lib/dialogs.ts';
import { tPages } from '../../lib/page-texts.ts';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';
import { loadAuthClient } from './auth-session.ts';

/**
 * The profile's word that the address is not confirmed yet, and a button that mails the link
 * again (issue 36: a member who lost the first mail had no way to another).
 */
export function EmailUnconfirmed({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const texts = tPages.profileTexts;
  const sendAgain = async () => {
    setBusy(true);
    try {
      const client = await loadAuthClient();
      const { error } = await client.sendVerificationEmail({
        email,
        callbackURL: paths.emailConfirmed,
      });
      if (error) throw error;
      void showToast('success', texts.sentAgain(email));
    } catch {
      const { title, text } = t.circulationMessages.failed;
      void showAlert('error', title, text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="email-unconfirmed">
      <p className="text-sm font-medium">{texts.emailUnconfirmed}</p>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => void sendAgain()}
        disabled={busy}
      >
        {texts.sendAgain}
      </button>
    </div>
  );
}
