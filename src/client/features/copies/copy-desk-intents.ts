/**
 * The copies' part of the desk's action (the desk's page hands it to features/desk/desk-actions.ts):
 * a current loan's copy marked lost from the desk's loans.
 */
import { markLoanLost } from './api.ts';
import { tCopies } from '../../lib/copies-texts.ts';
import { formatTaka } from '../../lib/i18n.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../../lib/dialogs.ts';

/**
 * Closes a current loan as lost (fields `id`, `title`, `member`), asked first: the copy is marked
 * lost and the member charged its replacement; the toast says how much.
 */
async function markLost(form: FormData) {
  const title = String(form.get('title'));
  const ask = tCopies.confirmLost(title, String(form.get('member')));
  if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
  try {
    const { lost, fine } = await markLoanLost(String(form.get('id')));
    const charged = (lost?.amount ?? 0) + (fine?.amount ?? 0);
    void showToast(
      'success',
      tCopies.markedLost(title),
      charged > 0 ? tCopies.charged(formatTaka(charged)) : undefined,
    );
  } catch (error) {
    const code = apiFailure(error).code;
    await showAlert(
      'error',
      tCopies.refusedTitle,
      (code && tCopies.refusals[code]) || tCopies.refusals.OTHER,
    );
  }
  return null;
}

export const copyDeskIntents = { markLost };
