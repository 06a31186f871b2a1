import { Suspense, useState } from 'react';
import { Await, useLoaderData, useLocation, useNavigate, useParams } from 'react-router';
import type { Book } from '../../common/types.ts';
import { UPDATE_QUANTITY_MIN, UPDATE_RATING_MIN } from '../../common/constants.ts';
import { bookUpdateSchema, type BookUpdate } from '../lib/browser-schemas.ts';
import { ApiError, apiFailure } from '../lib/api-client.ts';
import { updateBook } from '../features/books/api/update-book.ts';
import { BookForm } from '../features/books/components/book-form.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { showAlert, showToast } from '../lib/dialogs.ts';
import { imageFailureMessage } from '../lib/messages.ts';
import { paths } from '../lib/routes.ts';
import type { loadBookForUpdate } from '../features/books/book-loaders.ts';
import { t } from '../lib/i18n.ts';

/** The reason a refused update gives in `error`, when the server gave one. */
const serverReason = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : undefined;

function LoadingBook() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-12">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <p>{t.catalogueTexts.loadingBook}</p>
    </div>
  );
}

function UpdateForm({ id, book }: { id: string; book: Book }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  const [imageError, setImageError] = useState<{ message: string }>();

  /** Back to where the member came from (usually All Books, in the view they left it in). */
  const goBack = () => (location.key === 'default' ? navigate(paths.book(id)) : navigate(-1));

  const save = async (changes: BookUpdate) => {
    setSaving(true);
    setImageError(undefined);
    // A quantity left as it was loaded is not sent: copies borrowed or returned while the form
    // was open must not be undone by an edit of the book's name or text.
    const { quantity, ...text } = changes;
    try {
      await updateBook(id, quantity === book.quantity ? text : changes);
      void showToast('success', t.successMessages.updated.title, t.successMessages.updated.text);
      await goBack();
    } catch (error) {
      setSaving(false);
      const { code } = apiFailure(error);
      if (code === 'IMAGE_UNREACHABLE') setImageError({ message: imageFailureMessage(code) });
      else if (code === 'DUPLICATE_ISBN') {
        const { title, text } = t.catalogueTexts.duplicateIsbn;
        void showAlert('error', title, text);
      } else void showAlert('error', serverReason(error) ?? t.failureMessages.update);
    }
  };

  return (
    <div className="card bg-base-100 shadow-sm ring-1 ring-base-300">
      <div className="card-body px-4 sm:px-8">
        <BookForm
          schema={bookUpdateSchema}
          initial={book}
          ratingMin={UPDATE_RATING_MIN}
          quantityMin={UPDATE_QUANTITY_MIN}
          submitLabel={t.catalogueTexts.updateSubmit}
          busyLabel={t.catalogueTexts.saving}
          busy={saving}
          onValid={save}
          onCancel={goBack}
          imageError={imageError}
          librarian={user?.role === 'librarian'}
        />
      </div>
    </div>
  );
}

export function Component() {
  const id = useParams().id ?? '';
  const { book } = useLoaderData<typeof loadBookForUpdate>();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-center text-3xl font-bold">{t.catalogueTexts.updateHeading}</h1>
      <Suspense fallback={<LoadingBook />}>
        <Await resolve={book}>
          {(loaded: Book | null) =>
            loaded ? (
              <UpdateForm key={loaded._id} id={id} book={loaded} />
            ) : (
              <p role="alert" className="alert alert-error alert-soft">
                {t.failureMessages.loadBookForUpdate.text}
              </p>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}
