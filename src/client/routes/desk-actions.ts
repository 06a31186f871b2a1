/**
 * The desk's route action (router.tsx names the desk's module, which exports it): per-row
 * fetchers check loans in, renew them, change members, and the catalogue form imports a file.
 * Each tells the librarian how it went; React Router then loads the tab's data again.
 */
import type { ActionFunctionArgs } from 'react-router';
import type { ErrorCode } from '../../common/error-codes.ts';
import type { Role } from '../../common/constants.ts';
import {
  checkInLoan,
  importCatalogue,
  type ImportIssue,
  type ImportOutcome,
  renewDeskLoan,
  updateDeskMember,
} from '../features/desk/api/desk-api.ts';
import { formatDate } from '../lib/dates.ts';
import { ApiError, apiFailure } from '../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../lib/dialogs.ts';
import { circulationFailureMessage } from '../lib/messages.ts';
import { tPages } from '../lib/page-texts.ts';

async function refused(error: unknown) {
  const { title, text } = circulationFailureMessage(apiFailure(error).code);
  await showAlert('error', title, text);
}

async function checkIn(form: FormData) {
  const ask = tPages.deskTexts.confirmCheckIn(
    String(form.get('title')),
    String(form.get('member')),
  );
  if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
  try {
    await checkInLoan(String(form.get('id')));
    void showToast('success', tPages.deskTexts.checkedIn);
  } catch (error) {
    await refused(error);
  }
  return null;
}

async function renew(form: FormData) {
  try {
    const loan = await renewDeskLoan(String(form.get('id')));
    const { title, text } = tPages.deskTexts.renewed(formatDate(loan.returnDate));
    void showToast('success', title, text);
  } catch (error) {
    await refused(error);
  }
  return null;
}

/** Fields `change` (block, unblock, grant, revoke), `id` and the member's `name`. */
async function changeMember(form: FormData) {
  const name = String(form.get('name'));
  const change = String(form.get('change')) as keyof typeof tPages.deskTexts.memberChanged;
  const changes: Record<typeof change, { role?: Role; blocked?: boolean }> = {
    blocked: { blocked: true },
    unblocked: { blocked: false },
    granted: { role: 'librarian' },
    revoked: { role: 'member' },
  };
  if (!changes[change]) return null;
  try {
    await updateDeskMember(String(form.get('id')), changes[change]);
    void showToast('success', tPages.deskTexts.memberChanged[change](name));
  } catch {
    await showAlert('error', tPages.deskTexts.memberChangeFailed);
  }
  return null;
}

const refusedImport = (refused: string, issues: ImportIssue[] = []): ImportOutcome => ({
  intent: 'import',
  refused,
  issues,
});

async function importFile(form: FormData): Promise<ImportOutcome> {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    return refusedImport(tPages.deskTexts.importChooseFile);
  try {
    const imported = await importCatalogue(await file.text());
    void showToast('success', tPages.deskTexts.imported(imported));
    return { intent: 'import', imported };
  } catch (error) {
    const code: ErrorCode | undefined = apiFailure(error).code;
    if (code === 'PAYLOAD_TOO_LARGE') return refusedImport(tPages.deskTexts.importTooLarge);
    if (error instanceof ApiError && code === 'VALIDATION')
      return refusedImport(tPages.deskTexts.importRefused, error.issues ?? []);
    return refusedImport(tPages.deskTexts.importFailed);
  }
}

const intents = { checkIn, renew, changeMember, import: importFile };

export async function deskAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const perform = intents[String(form.get('intent')) as keyof typeof intents] as
    ((form: FormData) => Promise<ImportOutcome | null>) | undefined;
  return perform ? perform(form) : null;
}
