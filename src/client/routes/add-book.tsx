import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ADD_QUANTITY_MIN, ADD_RATING_MIN } from '../../common/constants.ts';
import { bookCreateSchema, type BookCreate } from '../lib/browser-schemas.ts';
import { createBook } from '../features/books/api/create-book.ts';
import { BookForm } from '../features/books/components/book-form.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { apiFailure } from '../lib/api-client.ts';
import { showAlert, showToast } from '../lib/dialogs.ts';
import { imageFailureMessage, timings } from '../lib/messages.ts';
import { paths } from '../lib/routes.ts';
import { t } from '../lib/i18n.ts';

type AddState = 'editing' | 'saving' | 'added';

export function Component() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [state, setState] = useState<AddState>('editing');
  const [imageError, setImageError] = useState<{ message: string }>();

  useEffect(() => {
    if (state !== 'added') return;
    const timer = window.setTimeout(() => navigate(paths.allBooks), timings.redirectAfterAdd);
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  const add = async (book: BookCreate) => {
    setState('saving');
    setImageError(undefined);
    try {
      const { insertedId } = await createBook(book);
      if (!insertedId) throw new Error('The server did not confirm the new book');
      setState('added');
      void showToast('success', t.successMessages.bookAdded);
    } catch (error) {
      setState('editing');
      const { code } = apiFailure(error);
      // An image address the server could not fetch is the image field's problem, said there.
      if (code === 'IMAGE_UNREACHABLE') setImageError({ message: imageFailureMessage(code) });
      else if (code === 'DUPLICATE_ISBN') {
        const { title, text } = t.catalogueTexts.duplicateIsbn;
        void showAlert('error', title, text);
      } else void showToast('error', t.failureMessages.addBook);
    }
  };

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-6 flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold">{t.catalogueTexts.addHeading}</h1>
        <p className="text-base-content/80">{t.catalogueTexts.addIntro}</p>
      </header>
      <div className="card bg-base-100 shadow-sm ring-1 ring-base-300">
        <div className="card-body px-4 sm:px-8">
          <BookForm
            schema={bookCreateSchema}
            ratingMin={ADD_RATING_MIN}
            quantityMin={ADD_QUANTITY_MIN}
            submitLabel={t.catalogueTexts.addSubmit}
            busyLabel={t.catalogueTexts.adding}
            busy={state !== 'editing'}
            onValid={add}
            imageError={imageError}
            librarian={user?.role === 'librarian'}
          />
        </div>
      </div>
    </section>
  );
}
