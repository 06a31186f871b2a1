import { BORROW_LIMIT } from '../../common/constants.ts';
import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { RegisterForm } from '../features/auth/register-form.tsx';

export function Component() {
  return (
    <AuthPanel
      title="Register now!"
      intro={`Become a member to borrow up to ${BORROW_LIMIT} books at a time, add titles to the catalogue and keep track of your loans.`}
    >
      <RegisterForm />
    </AuthPanel>
  );
}
