/**
 * The profile's mobile number and SMS choices (docs/product.md#sms): give a number, type back the
 * code the SMS brought, change or remove it; then choose which notices come by SMS, beside the
 * e-mail choices. Each step calls the API itself and shows its refusal in the page's words.
 */
import { useState, type FormEvent } from 'react';
import { SMS_NOTICE_KINDS } from '../../../../common/constants.ts';
import type { PhoneState, SmsChoices } from '../../../../common/types.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { apiFailure } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/dialogs.ts';
import { tPages } from '../../../lib/page-texts.ts';
import { confirmPhone, removePhone, sendPhoneCode, setSmsChoices } from '../api/phone.ts';

type Failures = typeof tPages.profileTexts.phone.failures;

/** The refusal's words in the page's language. */
function failureOf(error: unknown): string {
  const { code } = apiFailure(error);
  const failures: Failures = tPages.profileTexts.phone.failures;
  return (
    (code && code in failures ? failures[code as keyof Failures] : undefined) ?? failures.OTHER
  );
}

function Button({
  busy,
  kind = 'primary',
  type = 'submit',
  onClick,
  children,
}: {
  busy: boolean;
  kind?: 'primary' | 'outline' | 'ghost';
  type?: 'submit' | 'button';
  onClick?: () => void;
  children: string;
}) {
  return (
    <button
      type={type}
      className={`btn btn-${kind} w-full sm:w-auto`}
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
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

/** The number: given, confirmed by its code, changed or removed. */
export function PhoneForm({
  phone,
  onChange,
}: {
  phone: PhoneState;
  onChange: (phone: PhoneState) => void;
}) {
  const texts = tPages.profileTexts.phone;
  const [editing, setEditing] = useState(!phone.phone);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setFailure(undefined);
    try {
      await step();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (number: string) =>
    run(async () => {
      const state = await sendPhoneCode(number);
      onChange(state);
      setSentTo(state.phone);
      setEditing(false);
    });

  function submitNumber(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void sendCode(String(new FormData(event.currentTarget).get('phone') ?? ''));
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void run(async () => {
      onChange(await confirmPhone(code));
      setSentTo(null);
      void showToast('success', texts.verified);
    });
  }

  const remove = () =>
    run(async () => {
      onChange(await removePhone());
      setSentTo(null);
      setEditing(true);
      void showToast('success', texts.removed);
    });

  if (editing) {
    return (
      <form className="space-y-4" noValidate onSubmit={submitNumber} aria-label={texts.heading}>
        <TextField
          label={texts.number}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          defaultValue={phone.phone ?? ''}
          placeholder="01712345678"
          aria-describedby="phone-hint"
        />
        <p id="phone-hint" className="-mt-2 text-xs text-base-content/70">
          {texts.numberHint}
        </p>
        <Failure message={failure} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button busy={busy}>{texts.sendCode}</Button>
          {phone.phone && (
            <Button busy={busy} kind="ghost" type="button" onClick={() => setEditing(false)}>
              {texts.cancel}
            </Button>
          )}
        </div>
      </form>
    );
  }

  return (
    <div className="space-y-4">
      <div>
        <p className="mb-1 text-sm font-medium">{texts.yourNumber}</p>
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono tabular-nums" data-testid="profile-phone">
            {phone.phone}
          </span>
          <span
            className={`badge h-auto py-1 ${phone.verified ? 'badge-soft badge-success' : 'badge-warning'}`}
          >
            {phone.verified ? texts.confirmed : texts.notConfirmed}
          </span>
        </p>
      </div>
      {!phone.verified && (
        <form className="space-y-4" noValidate onSubmit={submitCode} aria-label={texts.confirm}>
          {sentTo && (
            <p className="text-sm" role="status">
              {texts.codeSent(sentTo)}
            </p>
          )}
          <TextField
            label={texts.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            className="max-w-xs"
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button busy={busy}>{texts.confirm}</Button>
            <Button
              busy={busy}
              kind="outline"
              type="button"
              onClick={() => void sendCode(phone.phone ?? '')}
            >
              {texts.newCode}
            </Button>
          </div>
        </form>
      )}
      <Failure message={failure} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button busy={busy} kind="outline" type="button" onClick={() => setEditing(true)}>
          {texts.change}
        </Button>
        <Button busy={busy} kind="ghost" type="button" onClick={() => void remove()}>
          {texts.remove}
        </Button>
      </div>
    </div>
  );
}

/** Which notices come by SMS: only with a confirmed number. */
export function SmsChoicesForm({
  choices,
  verified,
  onChange,
}: {
  choices: SmsChoices;
  verified: boolean;
  onChange: (choices: SmsChoices) => void;
}) {
  const texts = tPages.profileTexts.phone;
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = Object.fromEntries(
      SMS_NOTICE_KINDS.map((kind) => [kind, form.get(kind) === 'on']),
    ) as SmsChoices;
    setBusy(true);
    setFailure(undefined);
    try {
      onChange(await setSmsChoices(chosen));
      void showToast('success', texts.smsSaved);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => void submit(event)}
      aria-label={texts.smsHeading}
    >
      {!verified && <p className="text-sm text-base-content/80">{texts.smsNeedsNumber}</p>}
      <fieldset className="space-y-3" disabled={!verified}>
        <legend className="sr-only">{texts.smsHeading}</legend>
        {SMS_NOTICE_KINDS.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name={kind}
              className="toggle toggle-primary"
              defaultChecked={choices[kind]}
            />
            <span>{texts.smsLabels[kind]}</span>
          </label>
        ))}
      </fieldset>
      <Failure message={failure} />
      {verified && <Button busy={busy}>{texts.saveSms}</Button>}
    </form>
  );
}
