/**
 * The route actions of circulation (router.tsx): each calls the API, tells the member how it went,
 * and lets React Router load the page's data again, so every list and count shows the change.
 */
import type { ActionFunctionArgs } from 'react-router';
import { cancelHold } from './api/cancel-hold.ts';
import type { CirculationIntent } from './intents.ts';
import { placeHold } from './api/place-hold.ts';
import { renewLoan } from './api/renew-loan.ts';
import { returnLoan } from './api/return-loan.ts';
import { formatDate } from '../../lib/dates.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../../lib/dialogs.ts';
import { circulationFailureMessage } from '../../lib/messages.ts';
import { t } from '../../lib/i18n.ts';

async function refused(error: unknown) {
  const { title, text } = circulationFailureMessage(apiFailure(error).code);
  await showAlert('error', title, text);
}

const intents: Record<CirculationIntent, (id: string, form: FormData) => Promise<void>> = {
  async return(id, form) {
    const ask = t.circulationMessages.confirmReturn(String(form.get('title') ?? ''));
    if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return;
    try {
      await returnLoan(id);
      void showToast('success', t.circulationMessages.returned);
    } catch {
      window.alert(t.failureMessages.returnBook);
    }
  },
  async renew(id) {
    try {
      const loan = await renewLoan(id);
      const { title, text } = t.circulationMessages.renewed(formatDate(loan.returnDate));
      void showToast('success', title, text);
    } catch (error) {
      await refused(error);
    }
  },
  async cancelHold(id) {
    try {
      await cancelHold(id);
      void showToast('success', t.circulationMessages.holdCancelled);
    } catch (error) {
      await refused(error);
    }
  },
  async placeHold(bookId) {
    try {
      const { position } = await placeHold(bookId);
      const { title, text } = t.circulationMessages.holdPlaced(position);
      await showAlert('success', title, text);
    } catch (error) {
      await refused(error);
    }
  },
};

/**
 * Form fields `intent` and `id` (a loan's, a hold's, or for placeHold the book's), and for a
 * return the book's `title`, which the confirmation names.
 */
export async function circulationAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent')) as CirculationIntent;
  const perform = intents[intent] as ((id: string, form: FormData) => Promise<void>) | undefined;
  if (perform) await perform(String(form.get('id') ?? ''), form);
  return null;
}
