import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ImageUrlField } from '../../components/ui/image-url-field.tsx';
import { RequiredMark, TextField } from '../../components/ui/text-field.tsx';
import { showAlert, showToast } from '../../lib/dialogs.ts';
import { imageFailureMessage, registrationFailureMessage, timings } from '../../lib/messages.ts';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { useAuth } from './auth-context.tsx';
import { fetchWhatAuthFormsSend, whatAuthFormsSendIfReached } from './auth-session.ts';
import { describeFailure } from './auth-error.ts';
import { fieldErrors, focusFirstInvalid, formValues } from './form-values.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';

const FIELDS = ['name', 'email', 'photoURL', 'password'] as const;

/** docs/product.md#accounts Register, with the dialogs of §5 and §8. */
export function RegisterForm() {
  const { createUser } = useAuth();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const redirectTimer = useRef<number>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unreachable, setUnreachable] = useState(false);
  const { busy, run } = useSingleFlight();
  const [photoFile, setPhotoFile] = useState<File | null>(null);
  const photoId = useId();

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const clearError = (field: string) => () =>
    setErrors((current) => (current[field] ? { ...current, [field]: '' } : current));

  const register = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget, FIELDS);
    if (!values.name.trim() || !values.email.trim() || !values.password) {
      void showAlert(
        'error',
        t.registerMessages.missingFields.title,
        t.registerMessages.missingFields.text,
      );
      return;
    }
    const schemas = await whatAuthFormsSendIfReached();
    // Said under the form: SweetAlert's dialog is a chunk of its own, which could not come either.
    setUnreachable(!schemas);
    if (!schemas) return;
    const { registerSchema } = schemas;
    // A chosen file stands for the address: it is uploaded once the account exists.
    const parsed = (photoFile ? registerSchema.omit({ photoURL: true }) : registerSchema).safeParse(
      values,
    );
    if (!parsed.success) {
      const { password, ...shown } = fieldErrors(parsed.error);
      setErrors(shown);
      if (password) {
        void showAlert(
          'warning',
          t.registerMessages.weakPasswordForm.title,
          t.registerMessages.weakPasswordForm.text,
        );
      } else {
        focusFirstInvalid(form.current, FIELDS, shown);
      }
      return;
    }
    setErrors({});
    const { name, email, password } = parsed.data;
    const photo = photoFile ?? values.photoURL.trim();
    await run(async () => {
      try {
        const { photoStored } = await createUser(name, email, password, photo);
        if (!photoStored) void showToast('warning', t.imageTexts.photoNotStored);
      } catch (error) {
        const failure = describeFailure(error);
        // A photo address the server could not fetch is said under the photo field.
        if (failure.code === 'IMAGE_UNREACHABLE') {
          setErrors({ photoURL: imageFailureMessage(failure.code) });
          return;
        }
        const message = registrationFailureMessage(failure.code, failure.message);
        void showAlert('error', message.title, message.text);
        return;
      }
      void showToast(
        'success',
        t.successMessages.registration,
        t.successMessages.confirmationSent(email),
      );
      redirectTimer.current = window.setTimeout(
        () => navigate(paths.home),
        timings.redirectAfterRegister,
      );
    });
  };

  return (
    <div className="space-y-5">
      <form
        ref={form}
        onSubmit={register}
        onFocus={fetchWhatAuthFormsSend}
        noValidate
        className="space-y-4"
        aria-label={t.authTexts.registerForm}
      >
        <p className="text-sm text-base-content/80">{t.authTexts.requiredNote}</p>
        <TextField
          label={t.authTexts.name}
          name="name"
          autoComplete="name"
          required
          error={errors.name}
          onInput={clearError('name')}
        />
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
          <p className="mb-1.5 text-sm font-medium">
            <label htmlFor={photoId}>{t.authTexts.photoUrl}</label>
            <RequiredMark />
          </p>
          <ImageUrlField
            id={photoId}
            name="photoURL"
            shape="photo"
            placeholder={t.authTexts.photoPlaceholder}
            required
            aria-invalid={errors.photoURL ? true : undefined}
            aria-describedby={errors.photoURL ? `${photoId}-error` : undefined}
            onFileChosen={setPhotoFile}
            onValueChange={clearError('photoURL')}
            inputClassName={`input w-full ${errors.photoURL ? 'input-error' : ''}`}
          />
          {errors.photoURL && (
            <p id={`${photoId}-error`} className="mt-1.5 text-sm text-error">
              {errors.photoURL}
            </p>
          )}
        </div>
        <PasswordField
          autoComplete="new-password"
          error={errors.password}
          onInput={clearError('password')}
        />
        {unreachable && <FormAlert message={{ title: t.authMessages.unreachable }} />}
        <SubmitButton busy={busy}>{t.authTexts.register}</SubmitButton>
      </form>
      <div className="divider text-sm text-base-content/70">{t.authTexts.or}</div>
      <GoogleSignInButton
        label={t.authTexts.signUpWithGoogle}
        onSignedIn={() => navigate(paths.home)}
        disabled={busy}
      />
      <p className="text-center text-sm">
        {t.authTexts.haveAccount}{' '}
        <Link to={paths.signIn} className="link link-primary font-medium">
          {t.authTexts.signIn}
        </Link>
      </p>
    </div>
  );
}
