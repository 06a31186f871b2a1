import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../lib/dialogs.ts';
import { type Message } from '../../lib/messages.ts';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { useAuth } from './auth-context.tsx';
import { fetchWhatAuthFormsSend, whatAuthFormsSendIfReached } from './auth-session.ts';
import { describeFailure, type AuthError } from './auth-error.ts';
import { fieldErrors, focusFirstInvalid, formValues } from './form-values.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';
import { returnPath } from './return-path.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';

const FIELDS = ['email', 'password'] as const;

/** docs/product.md#errors only logs a failed sign-in; we also say why, so nobody is left guessing. */
function signInFailureMessage(failure: AuthError): Message {
  if (failure.code === 'RATE_LIMITED') return t.rateLimitedMessage;
  if (failure.code === 'INVALID_CREDENTIALS' || failure.status === 401) {
    return { title: t.authMessages.invalidCredentials };
  }
  return { title: failure.message };
}

/** docs/product.md#accounts Sign in. */
export function SignInForm() {
  const { signInUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Message | null>(null);
  const { busy, run } = useSingleFlight();

  const returnToOrigin = () => navigate(returnPath(location.state), { replace: true });

  const clearError = (field: string) => () =>
    setErrors((current) => (current[field] ? { ...current, [field]: '' } : current));

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget, FIELDS);
    const schemas = await whatAuthFormsSendIfReached();
    setFailure(schemas ? null : { title: t.authMessages.unreachable });
    if (!schemas) return;
    const parsed = schemas.signInSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstInvalid(form.current, FIELDS, found);
      return;
    }
    setErrors({});
    setFailure(null);
    await run(async () => {
      try {
        await signInUser(parsed.data.email, parsed.data.password);
      } catch (error) {
        console.error('Sign in failed', error);
        setFailure(signInFailureMessage(describeFailure(error)));
        return;
      }
      void showToast('success', t.successMessages.login);
      returnToOrigin();
    });
  };

  return (
    <div className="space-y-5">
      <form
        ref={form}
        onSubmit={signIn}
        onFocus={fetchWhatAuthFormsSend}
        noValidate
        className="space-y-4"
        aria-label={t.authTexts.signInForm}
      >
        <TextField
          label={t.authTexts.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          onInput={clearError('email')}
        />
        <div>
          <PasswordField
            autoComplete="current-password"
            error={errors.password}
            onInput={clearError('password')}
          />
          <p className="mt-1.5 text-end text-sm">
            <Link to={paths.forgotPassword} className="link link-primary">
              {t.passwordResetTexts.forgotLink}
            </Link>
          </p>
        </div>
        {failure && <FormAlert message={failure} />}
        <SubmitButton busy={busy}>{t.authTexts.signIn}</SubmitButton>
      </form>
      <div className="divider text-sm text-base-content/70">{t.authTexts.or}</div>
      <GoogleSignInButton
        label={t.authTexts.loginWithGoogle}
        onSignedIn={returnToOrigin}
        disabled={busy}
      />
      <p className="text-center text-sm">
        {t.authTexts.newHere}{' '}
        <Link to={paths.register} state={location.state} className="link link-primary font-medium">
          {t.authTexts.register}
        </Link>
      </p>
    </div>
  );
}
