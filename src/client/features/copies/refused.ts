/** A refusal of the server in the page's language: the copies catalogue's words for its code. */
import { apiFailure } from '../../lib/api-client.ts';
import { tCopies } from '../../lib/copies-texts.ts';
import { showAlert } from '../../lib/dialogs.ts';

export async function showRefusal(error: unknown) {
  const code = apiFailure(error).code;
  const text = (code && tCopies.refusals[code]) || tCopies.refusals.OTHER;
  await showAlert('error', tCopies.refusedTitle, text);
}
