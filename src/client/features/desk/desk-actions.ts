/**
 * The desk's route action (routes/desk.tsx exports it, with the intents of the other features
 * whose panels the desk shows): per-row fetchers check loans in, renew them, change members, and
 * the catalogue form imports a file.
 * Each tells the librarian how it went; React Router then loads the tab's data again.
 */
import type { ActionFunctionArgs } from 'react-router';
import type { ErrorCode } from '../../../common/error-codes.ts';
import type { Role } from '../../../common/constants.ts';
import {
  addCategory,
  removeCategory,
  renameCategory,
  checkInLoan,
  importCatalogue,
  type ImportIssue,
  type ImportOutcome,
  renewDeskLoan,
  updateDeskMember,
} from './api/desk-api.ts';
import { cancelDeskHold } from './api/lending-api.ts';
import { formatDate } from '../../lib/dates.ts';
import { ApiError, apiFailure } from '../../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../../lib/dialogs.ts';
import { circulationFailureMessage } from '../../lib/messages.ts';
import { loadCategoryOptions } from '../../lib/category-options.ts';
import { tPages } from '../../lib/page-texts.ts';

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
  // Changes that take a member's borrowing or the desk away, or give the desk, are asked first.
  const asks = {
    blocked: tPages.lendingTexts.confirmBlock,
    granted: tPages.lendingTexts.confirmGrant,
    revoked: tPages.lendingTexts.confirmRevoke,
  } as Partial<Record<typeof change, typeof tPages.lendingTexts.confirmBlock>>;
  const ask = asks[change]?.(name);
  if (ask && !(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
  try {
    await updateDeskMember(String(form.get('id')), changes[change]);
    void showToast('success', tPages.deskTexts.memberChanged[change](name));
  } catch (error) {
    const code = apiFailure(error).code;
    await showAlert(
      'error',
      code === 'SELF_CHANGE'
        ? tPages.lendingTexts.selfChange
        : code === 'LAST_LIBRARIAN'
          ? tPages.lendingTexts.lastLibrarian
          : tPages.deskTexts.memberChangeFailed,
    );
  }
  return null;
}

/** Cancels a member's hold (fields `id`, `title`, `member`), asked first; the member is mailed. */
async function cancelHold(form: FormData) {
  const ask = tPages.lendingTexts.confirmCancelHold(
    String(form.get('title')),
    String(form.get('member')),
  );
  if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
  try {
    await cancelDeskHold(String(form.get('id')));
    void showToast('success', tPages.lendingTexts.holdCancelled);
  } catch (error) {
    await refused(error);
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

/** The categories' refusals, else the general failure. */
async function categoryRefused(error: unknown) {
  const code = apiFailure(error).code;
  const refusals: Partial<Record<string, { title: string; text: string }>> =
    tPages.deskTexts.categoryRefusals;
  const refusal = code ? refusals[code] : undefined;
  if (refusal) await showAlert('error', refusal.title, refusal.text);
  else await showAlert('error', tPages.deskTexts.categoryFailed);
}

/** Adds, renames or removes a category, then fetches the library's list anew for every page. */
async function changeCategories(change: () => Promise<void>, done: string) {
  try {
    await change();
    void showToast('success', done);
  } catch (error) {
    await categoryRefused(error);
  }
  await loadCategoryOptions();
  return null;
}

const addCategoryIntent = (form: FormData) => {
  const name = String(form.get('name') ?? '').trim();
  return changeCategories(
    () => addCategory(name, String(form.get('nameBn') ?? '').trim()),
    tPages.deskTexts.categoryAdded(name),
  );
};

const renameCategoryIntent = (form: FormData) => {
  const name = String(form.get('name') ?? '').trim();
  return changeCategories(
    () => renameCategory(String(form.get('from')), name, String(form.get('nameBn') ?? '').trim()),
    tPages.deskTexts.categoryRenamed(name),
  );
};

async function removeCategoryIntent(form: FormData) {
  const name = String(form.get('name'));
  const ask = tPages.deskTexts.confirmRemoveCategory(name);
  if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
  return changeCategories(() => removeCategory(name), tPages.deskTexts.categoryRemoved(name));
}

const deskIntents: Record<string, DeskIntent> = {
  checkIn,
  addCategory: addCategoryIntent,
  renameCategory: renameCategoryIntent,
  removeCategory: removeCategoryIntent,
  renew,
  changeMember,
  cancelHold,
  import: importFile,
};

/** What one intent of the desk's forms does with the form; its answer is the fetcher's data. */
export type DeskIntent = (form: FormData) => Promise<unknown>;

/**
 * The desk's route action: the desk's own intents and those of the features whose panels the desk
 * shows (room bookings and events, fines and membership, copies), which the desk's page hands in,
 * since features do not import each other.
 */
export function deskAction(otherIntents: Record<string, DeskIntent>) {
  const intents: Record<string, DeskIntent> = { ...deskIntents, ...otherIntents };
  return async ({ request }: ActionFunctionArgs) => {
    const form = await request.formData();
    const intent = String(form.get('intent'));
    return Object.hasOwn(intents, intent) ? intents[intent]!(form) : null;
  };
}
