/**
 * What the desk posts about money and membership (the desk's action runs them): a payment or
 * waiver opens its printable receipt, or, from the Scan tab (field `stay`), keeps the member open
 * and answers the receipt's id for a link; a renewal says the new last day.
 */
import { redirect } from 'react-router';
import { apiFailure } from '../../lib/api-client.ts';
import { paths } from '../../lib/routes.ts';
import { showAlert, showToast } from '../../lib/dialogs.ts';
import { tPages } from '../../lib/page-texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatTaka } from '../../lib/i18n.ts';
import { renewMembership, takeOff } from './api/fines-api.ts';

/** What a payment or waiver taken on the Scan tab answers: its receipt, to print. */
export interface TakenOff {
  receipt: string;
}

/** Fields `id`, `amount` (whole taka), `note` and `stay`; `kind` is payments or waivers. */
async function takeOffBalance(kind: 'payments' | 'waivers', form: FormData) {
  const texts = tPages.finesTexts;
  const note = String(form.get('note') ?? '').trim();
  if (kind === 'waivers' && !note) {
    await showAlert('error', texts.refused, texts.waiverNeedsNote);
    return null;
  }
  try {
    const { entry } = await takeOff(kind, String(form.get('id')), {
      amount: Number(form.get('amount')),
      ...(note ? { note } : {}),
    });
    if (!form.get('stay')) return redirect(paths.receipt(entry._id));
    const taken = kind === 'payments' ? texts.paymentTaken : texts.waiverTaken;
    void showToast('success', taken(formatTaka(entry.amount)));
    return { receipt: entry._id } satisfies TakenOff;
  } catch (error) {
    await showAlert('error', texts.refused, apiFailure(error).message);
    return null;
  }
}

async function renew(form: FormData) {
  try {
    const { expiresOn } = await renewMembership(String(form.get('id')));
    void showToast(
      'success',
      tPages.finesTexts.membershipRenewed(String(form.get('name')), formatDate(expiresOn)),
    );
  } catch (error) {
    await showAlert('error', tPages.finesTexts.refused, apiFailure(error).message);
  }
  return null;
}

export const finesIntents = {
  payment: (form: FormData) => takeOffBalance('payments', form),
  waiver: (form: FormData) => takeOffBalance('waivers', form),
  renewMembership: renew,
};
