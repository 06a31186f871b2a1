import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';

export function Component() {
  return (
    <AuthPanel
      title="Sign In now!"
      intro="Welcome back. Sign in to borrow books, see what you have on loan and add new titles to the library."
    >
      <SignInForm />
    </AuthPanel>
  );
}
