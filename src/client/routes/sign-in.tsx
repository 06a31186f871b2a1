import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { t } from '../lib/i18n.ts';

export function Component() {
  return (
    <AuthPanel title={t.authTexts.signInTitle} intro={t.authTexts.signInIntro}>
      <SignInForm />
    </AuthPanel>
  );
}
