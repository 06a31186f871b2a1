import { GoogleLogo } from '../../components/ui/google-logo.tsx';
import { showAlert, showToast } from '../../lib/dialogs.ts';
import { t } from '../../lib/i18n.ts';
import { useAuth } from './auth-context.tsx';
import { describeFailure } from './auth-error.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';

interface GoogleSignInButtonProps {
  label: string;
  onSignedIn: () => void;
  disabled?: boolean;
}

/** Google popup sign-in (docs/product.md#accounts), with the spec's success toast and failure dialog. */
export function GoogleSignInButton({
  label,
  onSignedIn,
  disabled = false,
}: GoogleSignInButtonProps) {
  const { googleSignIn } = useAuth();
  const { busy, run } = useSingleFlight();

  const signIn = () =>
    run(async () => {
      try {
        await googleSignIn();
      } catch (error) {
        console.error('Google sign-in failed', error);
        void showAlert(
          'error',
          t.registerMessages.googleFailedTitle,
          describeFailure(error).message,
        );
        return;
      }
      void showToast('success', t.successMessages.googleLogin);
      onSignedIn();
    });

  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      onClick={signIn}
      disabled={busy || disabled}
    >
      {busy ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <GoogleLogo />
      )}
      {label}
    </button>
  );
}
