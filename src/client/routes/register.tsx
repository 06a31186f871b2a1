import { BORROW_LIMIT } from '../../common/constants.ts';
import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { t } from '../lib/i18n.ts';

export function Component() {
  return (
    <AuthPanel title={t.authTexts.registerTitle} intro={t.authTexts.registerIntro(BORROW_LIMIT)}>
      <RegisterForm />
    </AuthPanel>
  );
}
