/**
 * The digital library's route action (router.tsx: /read-online and the book details page): each
 * intent calls the API, tells the member how it went, and lets React Router load the page's data
 * again, so every copy count and list shows the change.
 */
import type { ActionFunctionArgs } from 'react-router';
import type { ErrorCode } from '../../../common/error-codes.ts';
import {
  borrowEbook,
  changeEbook,
  joinWaitlist,
  leaveWaitlist,
  removeEbook,
  returnEbook,
  uploadEbook,
} from './ebooks-api.ts';
import type { EbookIntent } from './intents.ts';
import { formatInstant } from '../../lib/dates.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../../lib/dialogs.ts';
import { tPages } from '../../lib/page-texts.ts';

async function refused(error: unknown) {
  const refusals: Partial<Record<ErrorCode | 'OTHER', { title: string; text: string }>> =
    tPages.digitalLibraryTexts.refusals;
  const { title, text } = refusals[apiFailure(error).code ?? 'OTHER'] ?? refusals.OTHER!;
  await showAlert('error', title, text);
}

/** A librarian's change that did not go through, in the editor's words. */
async function editFailed(error: unknown) {
  const failures: Partial<Record<ErrorCode | 'OTHER', string>> =
    tPages.digitalLibraryTexts.editor.failures;
  await showAlert(
    'error',
    tPages.digitalLibraryTexts.editor.heading,
    failures[apiFailure(error).code ?? 'OTHER'] ?? failures.OTHER,
  );
}

const intents: Record<EbookIntent, (id: string, form: FormData) => Promise<void>> = {
  async borrowEbook(bookId) {
    const texts = tPages.digitalLibraryTexts;
    try {
      const loan = await borrowEbook(bookId);
      await showAlert(
        'success',
        texts.borrowed.title,
        texts.borrowed.text(formatInstant(loan.expiresAt)),
      );
    } catch (error) {
      await refused(error);
    }
  },
  async returnEbook(loanId) {
    const texts = tPages.digitalLibraryTexts;
    const ask = texts.confirmReturn;
    if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return;
    try {
      await returnEbook(loanId);
      void showToast('success', texts.returned);
    } catch (error) {
      await refused(error);
    }
  },
  async joinWaitlist(bookId) {
    const texts = tPages.digitalLibraryTexts;
    try {
      const position = await joinWaitlist(bookId);
      await showAlert('success', texts.joined.title, texts.joined.text(position));
    } catch (error) {
      await refused(error);
    }
  },
  async uploadEbook(bookId, form) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return;
    try {
      await uploadEbook(bookId, file);
      void showToast('success', tPages.digitalLibraryTexts.editor.uploaded);
    } catch (error) {
      await editFailed(error);
    }
  },
  async changeEbook(bookId, form) {
    const access = form.get('access') === 'open' ? 'open' : 'lend';
    try {
      await changeEbook(bookId, { access, copies: Number(form.get('copies')) });
      void showToast('success', tPages.digitalLibraryTexts.editor.saved);
    } catch (error) {
      await editFailed(error);
    }
  },
  async removeEbook(bookId) {
    const { editor } = tPages.digitalLibraryTexts;
    const ask = editor.confirmRemove;
    if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return;
    try {
      await removeEbook(bookId);
      void showToast('success', editor.removed);
    } catch (error) {
      await editFailed(error);
    }
  },
  async leaveWaitlist(waitId) {
    try {
      await leaveWaitlist(waitId);
      void showToast('success', tPages.digitalLibraryTexts.left);
    } catch (error) {
      await refused(error);
    }
  },
};

/**
 * Form fields `intent` and `id` (the book's, or the e-loan's or wait's to end); the librarian's
 * intents add `file`, or `access` and `copies`.
 */
export async function ebookAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const perform = intents[String(form.get('intent')) as EbookIntent] as
    ((id: string, form: FormData) => Promise<void>) | undefined;
  if (perform) await perform(String(form.get('id') ?? ''), form);
  return null;
}
