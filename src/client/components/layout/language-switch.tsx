import { useState } from 'react';
import { LANGUAGE_NAMES, type Language } from '../../../common/i18n/languages.ts';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { authApi } from '../../lib/api-client.ts';
import { language, rememberLanguage, t } from '../../lib/i18n.ts';

/**
 * English / বাংলা (docs/product.md#language): offers the other language, named in itself. The choice goes
 * into the `lang` cookie and, for a signed-in member, into their account, so the library's mails
 * follow it; then the page reloads, and the server sends it in the new language from the start.
 * On narrow screens it sits in the menu (navbar.tsx), where the navbar's row has no room for it.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const other: Language = language === 'bn' ? 'en' : 'bn';
  const switchLanguage = async () => {
    setBusy(true);
    rememberLanguage(other);
    if (user) {
      // The page still changes language if this fails; only the mails would stay in the old one.
      await authApi.post('/auth/update-user', { lang: other }).catch((error: unknown) => {
        console.error('Saving the language failed', error);
      });
    }
    location.reload();
  };
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm sm:btn-md ${className}`}
      onClick={switchLanguage}
      disabled={busy}
      lang={other}
      title={t.layoutTexts.languageLabel}
      data-testid="language-switch"
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
