/** /forgotPassword: asks for the address a reset link is mailed to (docs/product.md#accounts). */
import { Form, Link, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { requestPasswordReset } from '../features/auth/api/request-password-reset.ts';
import { fieldErrors } from '../features/auth/form-values.ts';
import { apiFailure } from '../lib/api-client.ts';
import { type Message } from '../lib/messages.ts';
import { t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';
import { fetchFormSchemas, formSchemas } from '../lib/lazy-schemas.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';

type ActionData = { errors: Record<string, string> } | { sent: true } | { failure: Message };

export async function action({ request }: ActionFunctionArgs): Promise<ActionData> {
  const form = await request.formData();
  const { forgotPasswordSchema } = await formSchemas();
  const parsed = forgotPasswordSchema.safeParse({ email: String(form.get('email') ?? '') });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  try {
    await requestPasswordReset(parsed.data.email);
  } catch (error) {
    const { code } = apiFailure(error);
    return {
      failure:
        code === 'RATE_LIMITED' ? t.rateLimitedMessage : { title: t.passwordResetTexts.failed },
    };
  }
  return { sent: true };
}

export function Component() {
  const data = useActionData<ActionData>();
  const busy = useNavigation().state === 'submitting';
  const errors = data && 'errors' in data ? data.errors : {};
  const notice = data && 'sent' in data ? t.passwordResetTexts.sent : null;
  const failure = data && 'failure' in data ? data.failure : null;
  return (
    <AuthPanel title={t.passwordResetTexts.forgotTitle} intro={t.passwordResetTexts.forgotIntro}>
      <div className="space-y-5">
        <Form
          method="post"
          noValidate
          className="space-y-4"
          aria-label={t.authTexts.forgotForm}
          onFocus={fetchFormSchemas}
        >
          <TextField
            label={t.authTexts.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            error={errors.email}
          />
          {notice && <FormAlert success message={notice} />}
          {failure && <FormAlert message={failure} />}
          <SubmitButton busy={busy}>{t.passwordResetTexts.sendLink}</SubmitButton>
        </Form>
        <p className="text-center text-sm">
          <Link to={paths.signIn} className="link link-primary font-medium">
            {t.passwordResetTexts.backToSignIn}
          </Link>
        </p>
      </div>
    </AuthPanel>
  );
}
