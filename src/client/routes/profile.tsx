/**
 * /profile (docs/product.md#accounts, docs/product.md#sms): name and photo, password, which notices
 * come by e-mail, the mobile number and which notices come by SMS, the notices
 * themselves, a download of the member's data, and deleting the account. The data comes from
 * loadProfile (loaders.ts); the forms post to this module's action, which validates with the
 * shared schemas (so zod loads with this page only) and calls the API.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
} from 'react-router';
import { NOTICE_KINDS, SMS_NOTICE_KINDS } from '../../common/constants.ts';
import type { NoticeChoices, PhoneState, SmsChoices } from '../../common/types.ts';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { changePassword } from '../features/account/api/change-password.ts';
import { MEMBER_DATA_URL, deleteAccount } from '../features/account/api/delete-account.ts';
import { setNoticeChoices } from '../features/account/api/notice-choices.ts';
import { updateProfile } from '../features/account/api/update-profile.ts';
import { PhotoField } from '../features/account/components/photo-field.tsx';
import { PhoneForm, SmsChoicesForm } from '../features/account/components/phone-section.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { EmailUnconfirmed } from '../features/auth/email-unconfirmed.tsx';
import { fieldErrors } from '../features/auth/form-values.ts';
import { PasswordField } from '../features/auth/password-field.tsx';
import { announceSessionChange } from '../features/auth/auth-session.ts';
import { MembershipDates } from '../features/fines/components/membership-dates.tsx';
import { NoticeList } from '../features/loans/components/notice-list.tsx';
import { apiFailure } from '../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../lib/dialogs.ts';
import { imageFailureMessage } from '../lib/messages.ts';
import { paths } from '../lib/routes.ts';
import { fetchFormSchemas, formSchemas } from '../lib/lazy-schemas.ts';
import type { loadProfile } from '../features/account/profile-loader.ts';
import { formatTaka, t } from '../lib/i18n.ts';
import { tPages } from '../lib/page-texts.ts';

type Intent = 'details' | 'password' | 'choices' | 'delete';

interface ActionData {
  intent: Intent;
  errors?: Record<string, string>;
  failure?: string;
  done?: boolean;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

async function saveDetails(form: FormData): Promise<ActionData> {
  const { memberNameSchema, photoUrlSchema } = await formSchemas();
  const name = memberNameSchema.safeParse(text(form, 'name'));
  const photo = text(form, 'image').trim();
  const image = photo ? photoUrlSchema.safeParse(photo) : null;
  const errors: Record<string, string> = {};
  if (!name.success) errors.name = fieldErrors(name.error)[''] ?? tPages.profileTexts.failed;
  if (image && !image.success)
    errors.image = fieldErrors(image.error)[''] ?? tPages.profileTexts.failed;
  if (!name.success || (image && !image.success)) return { intent: 'details', errors };
  try {
    await updateProfile({ name: name.data, image: image?.data ?? null });
  } catch (error) {
    const { code, message } = apiFailure(error);
    // A photo address the server could not fetch is the photo field's problem, in the page's words.
    if (code === 'IMAGE_UNREACHABLE')
      return { intent: 'details', errors: { image: imageFailureMessage(code) } };
    return { intent: 'details', failure: message };
  }
  announceSessionChange();
  void showToast('success', tPages.profileTexts.detailsSaved);
  return { intent: 'details', done: true };
}

async function savePassword(form: FormData): Promise<ActionData> {
  const current = text(form, 'currentPassword');
  const { passwordSchema } = await formSchemas();
  const next = passwordSchema.safeParse(text(form, 'newPassword'));
  const errors: Record<string, string> = {};
  if (!current) errors.currentPassword = tPages.profileTexts.currentPasswordRequired;
  if (!next.success) errors.newPassword = t.registerMessages.weakPasswordForm.text;
  if (!current || !next.success) return { intent: 'password', errors };
  try {
    await changePassword(current, next.data);
  } catch (error) {
    const { code, message } = apiFailure(error);
    if (code === 'INVALID_CREDENTIALS')
      return {
        intent: 'password',
        errors: { currentPassword: tPages.profileTexts.wrongCurrentPassword },
      };
    if (code === 'WEAK_PASSWORD')
      return {
        intent: 'password',
        errors: { newPassword: t.registerMessages.weakPasswordForm.text },
      };
    return {
      intent: 'password',
      failure: code === 'RATE_LIMITED' ? t.rateLimitedMessage.text : message,
    };
  }
  announceSessionChange();
  void showToast(
    'success',
    tPages.profileTexts.passwordChanged,
    tPages.profileTexts.passwordChangedText,
  );
  return { intent: 'password', done: true };
}

async function saveChoices(form: FormData): Promise<ActionData> {
  const choices = Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, form.get(kind) === 'on']),
  ) as NoticeChoices;
  try {
    await setNoticeChoices(choices);
  } catch (error) {
    return { intent: 'choices', failure: apiFailure(error).message };
  }
  void showToast('success', tPages.profileTexts.choicesSaved);
  return { intent: 'choices', done: true };
}

async function removeAccount(form: FormData): Promise<ActionData | null> {
  const ask = tPages.profileTexts.confirmDelete;
  if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel, { destructive: true })))
    return null;
  try {
    await deleteAccount(text(form, 'password'));
  } catch (error) {
    const { code } = apiFailure(error);
    if (code === 'INVALID_CREDENTIALS')
      return { intent: 'delete', errors: { password: tPages.profileTexts.wrongPassword } };
    const refusal =
      code === 'OPEN_LOANS'
        ? tPages.profileTexts.openLoans
        : { title: tPages.profileTexts.failed, text: undefined };
    await showAlert('error', refusal.title, refusal.text);
    return null;
  }
  await showAlert('success', tPages.profileTexts.deleted.title, tPages.profileTexts.deleted.text);
  // A fresh start as a visitor: nothing of the member stays in memory. The action never settles,
  // so the router does not load this page's data again for an account that is gone.
  window.location.replace(paths.home);
  return new Promise<never>(() => {});
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  switch (form.get('intent') as Intent) {
    case 'details':
      return saveDetails(form);
    case 'password':
      return savePassword(form);
    case 'choices':
      return saveChoices(form);
    case 'delete':
      return removeAccount(form);
    default:
      return null;
  }
}

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = `profile-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5 sm:p-6">
        <header>
          <h2 id={id} className="card-title text-xl">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-base-content/80">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

/** The action's answer for one of the page's forms, and whether that form is being sent. */
function useFormState(intent: Intent) {
  const data = useActionData<ActionData | null>();
  const navigation = useNavigation();
  const mine = data?.intent === intent ? data : undefined;
  return {
    errors: mine?.errors ?? {},
    failure: mine?.failure,
    done: mine?.done === true,
    busy: navigation.state !== 'idle' && navigation.formData?.get('intent') === intent,
  };
}

/** A form's submit button; a destructive one (deleting the account) is red. */
function Submit({
  intent,
  busy,
  destructive = false,
  children,
}: {
  intent: Intent;
  busy: boolean;
  destructive?: boolean;
  children: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`btn ${destructive ? 'btn-error' : 'btn-primary'} w-full sm:w-auto`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

function Failure({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft text-sm">
      {message}
    </p>
  );
}

function DetailsForm() {
  const { user } = useAuth();
  const { errors, failure, busy } = useFormState('details');
  const [uploading, setUploading] = useState(false);
  if (!user) return null;
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      aria-label={tPages.profileTexts.detailsHeading}
      onFocus={fetchFormSchemas}
    >
      <TextField
        label={tPages.profileTexts.name}
        name="name"
        autoComplete="name"
        defaultValue={user.displayName}
        required
        error={errors.name}
      />
      <div>
        <p className="mb-1.5 block text-sm font-medium">{tPages.profileTexts.email}</p>
        <p className="break-all">{user.email}</p>
        <p className="mt-1 text-xs text-base-content/70">{tPages.profileTexts.emailHint}</p>
        {!user.emailVerified && <EmailUnconfirmed email={user.email} />}
      </div>
      <PhotoField
        defaultValue={user.photoURL ?? ''}
        error={errors.image}
        onBusyChange={setUploading}
      />
      <Failure message={failure} />
      <Submit intent="details" busy={busy || uploading}>
        {tPages.profileTexts.saveDetails}
      </Submit>
    </Form>
  );
}

function PasswordForm() {
  const { errors, failure, busy, done } = useFormState('password');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done]);
  return (
    <Form
      ref={form}
      method="post"
      noValidate
      className="space-y-4"
      aria-label={tPages.profileTexts.passwordHeading}
      onFocus={fetchFormSchemas}
    >
      <PasswordField
        name="currentPassword"
        label={tPages.profileTexts.currentPassword}
        autoComplete="current-password"
        error={errors.currentPassword}
      />
      <PasswordField
        name="newPassword"
        label={tPages.profileTexts.newPassword}
        autoComplete="new-password"
        error={errors.newPassword}
      />
      <Failure message={failure} />
      <Submit intent="password" busy={busy}>
        {tPages.profileTexts.changePassword}
      </Submit>
    </Form>
  );
}

function ChoicesForm({ choices }: { choices: NoticeChoices }) {
  const { failure, busy } = useFormState('choices');
  return (
    <Form method="post" className="space-y-4" aria-label={tPages.profileTexts.choicesHeading}>
      <fieldset className="space-y-3">
        <legend className="sr-only">{tPages.profileTexts.choicesHeading}</legend>
        {NOTICE_KINDS.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name={kind}
              className="toggle toggle-primary"
              defaultChecked={choices[kind]}
            />
            <span>{tPages.profileTexts.choiceLabels[kind]}</span>
          </label>
        ))}
      </fieldset>
      <Failure message={failure} />
      <Submit intent="choices" busy={busy}>
        {tPages.profileTexts.saveChoices}
      </Submit>
    </Form>
  );
}

function DeleteForm() {
  const { busy, errors } = useFormState('delete');
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      aria-label={tPages.profileTexts.deleteHeading}
    >
      <PasswordField
        label={tPages.profileTexts.deletePassword}
        autoComplete="current-password"
        error={errors.password}
      />
      <Submit intent="delete" busy={busy} destructive>
        {tPages.profileTexts.deleteButton}
      </Submit>
    </Form>
  );
}

/** The number and the SMS choices, which follow it: removing the number turns them all off. */
function PhoneAndSms({
  data,
}: {
  data: NonNullable<Awaited<ReturnType<typeof loadProfile>>['data']>;
}) {
  const [phone, setPhone] = useState(data.phone);
  const [smsChoices, setSmsChoices] = useState(data.smsChoices);
  const texts = tPages.profileTexts.phone;
  function changePhone(next: PhoneState) {
    setPhone(next);
    if (!next.phone) setSmsChoices(noSms);
  }
  return (
    <>
      <Section title={texts.heading} intro={texts.intro}>
        <PhoneForm phone={phone} onChange={changePhone} />
      </Section>
      <Section title={texts.smsHeading} intro={texts.smsIntro}>
        <SmsChoicesForm
          key={`${String(phone.verified)} ${JSON.stringify(smsChoices)}`}
          choices={smsChoices}
          verified={phone.verified}
          onChange={setSmsChoices}
        />
      </Section>
    </>
  );
}

const noSms = Object.fromEntries(SMS_NOTICE_KINDS.map((kind) => [kind, false])) as SmsChoices;

export function Component() {
  const { data } = useLoaderData<typeof loadProfile>();
  if (!data) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">{tPages.profileTexts.heading}</h1>
        <p className="mt-1 text-base-content/80">{tPages.profileTexts.intro}</p>
      </header>
      <div className="space-y-6">
        <Section title={tPages.finesTexts.membershipHeading}>
          {data.membership && <MembershipDates membership={data.membership} />}
          <p className="text-sm" data-testid="profile-balance">
            {data.balance > 0 ? (
              <>
                {tPages.finesTexts.balance}{' '}
                <strong className="text-error tabular-nums">{formatTaka(data.balance)}</strong> ·{' '}
                {tPages.finesTexts.payAtDesk}
              </>
            ) : (
              tPages.finesTexts.nothingOwed
            )}
          </p>
        </Section>
        <Section title={tPages.profileTexts.detailsHeading}>
          <DetailsForm />
        </Section>
        <Section title={tPages.lendingTexts.cardHeading} intro={tPages.lendingTexts.cardIntro}>
          <Link to={paths.card} className="btn btn-outline w-full sm:w-auto sm:self-start">
            {tPages.lendingTexts.cardHeading}
          </Link>
        </Section>
        <Section title={tPages.profileTexts.passwordHeading}>
          <PasswordForm />
        </Section>
        <Section
          title={tPages.profileTexts.choicesHeading}
          intro={tPages.profileTexts.choicesIntro}
        >
          <ChoicesForm choices={data.choices} />
        </Section>
        <PhoneAndSms data={data} />
        <Section title={tPages.profileTexts.noticesHeading}>
          <NoticeList notices={data.notices} />
        </Section>
        <Section title={tPages.profileTexts.dataHeading} intro={tPages.profileTexts.dataIntro}>
          <a
            href={MEMBER_DATA_URL}
            download
            className="btn btn-outline w-full sm:w-auto sm:self-start"
          >
            {tPages.profileTexts.download}
          </a>
        </Section>
        <Section title={tPages.profileTexts.deleteHeading} intro={tPages.profileTexts.deleteIntro}>
          <DeleteForm />
        </Section>
      </div>
    </div>
  );
}

export { RouteErrorContent as ErrorBoundary };
