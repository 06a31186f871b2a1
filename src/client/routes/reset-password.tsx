/** /resetPassword?token=: the new password, under the rule of docs/product.md#catalogue (docs/product.md#accounts). */
import {
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { resetPassword } from '../features/auth/api/reset-password.ts';
import { fieldErrors } from '../features/auth/form-values.ts';
import { PasswordField } from '../features/auth/password-field.tsx';
import { apiFailure } from '../lib/api-client.ts';
import { showToast } from '../lib/dialogs.ts';
import { type Message } from '../lib/messages.ts';
import { t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';
import { fetchFormSchemas, formSchemas } from '../lib/lazy-schemas.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';

type ActionData = { errors: Record<string, string> } | { failure: Message; linkSpent?: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const { resetPasswordSchema } = await formSchemas();
  const parsed = resetPasswordSchema.safeParse({ password: String(form.get('password') ?? '') });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) } satisfies ActionData;
  try {
    await resetPassword(token, parsed.data.password);
  } catch (error) {
    const { code } = apiFailure(error);
    if (code === 'INVALID_TOKEN') {
      return { failure: t.passwordResetTexts.invalidLink, linkSpent: true } satisfies ActionData;
    }
    if (code === 'WEAK_PASSWORD') {
      return {
        errors: { password: t.registerMessages.weakPasswordForm.text },
      } satisfies ActionData;
    }
    const failure =
      code === 'RATE_LIMITED' ? t.rateLimitedMessage : { title: t.passwordResetTexts.failed };
    return { failure } satisfies ActionData;
  }
  void showToast('success', t.passwordResetTexts.saved, t.passwordResetTexts.savedText);
  return redirect(paths.signIn);
}

function Problem({ message, askAgain }: { message: Message; askAgain: boolean }) {
  return (
    <FormAlert message={message}>
      {askAgain && (
        <p className="mt-2">
          <Link to={paths.forgotPassword} className="link font-medium">
            {t.passwordResetTexts.askAgain}
          </Link>
        </p>
      )}
    </FormAlert>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const data = useActionData<ActionData>();
  const busy = useNavigation().state === 'submitting';
  const errors = data && 'errors' in data ? data.errors : {};
  const failure = data && 'failure' in data ? data : null;
  return (
    <AuthPanel title={t.passwordResetTexts.resetTitle} intro={t.passwordResetTexts.resetIntro}>
      <div className="space-y-5">
        {token ? (
          <Form
            method="post"
            noValidate
            className="space-y-4"
            aria-label={t.authTexts.resetForm}
            onFocus={fetchFormSchemas}
          >
            <input type="hidden" name="token" value={token} />
            <PasswordField
              label={t.passwordResetTexts.newPassword}
              autoComplete="new-password"
              error={errors.password}
            />
            {failure && <Problem message={failure.failure} askAgain={failure.linkSpent === true} />}
            <SubmitButton busy={busy}>{t.passwordResetTexts.savePassword}</SubmitButton>
          </Form>
        ) : (
          <Problem message={t.passwordResetTexts.missingToken} askAgain />
        )}
        <p className="text-center text-sm">
          <Link to={paths.signIn} className="link link-primary font-medium">
            {t.passwordResetTexts.backToSignIn}
          </Link>
        </p>
      </div>
    </AuthPanel>
  );
}
