import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { PUBLISHED_YEAR_MIN, RATING_MAX, RATING_STEP } from '../../../../common/constants.ts';
import type { Book } from '../../../../common/types.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-url-field.tsx';
import { categoryName, libraryCategories, t } from '../../../lib/i18n.ts';

/** The fields in the order they appear, so the first wrong one can take the focus. */
const FIELD_ORDER = [
  'name',
  'author',
  'category',
  'quantity',
  'rating',
  'image',
  'isbn',
  'publisher',
  'publishedYear',
  'language',
  'replacementCost',
  'shortDescription',
  'content',
] as const;
type FieldName = (typeof FIELD_ORDER)[number];
type FieldErrors = Partial<Record<FieldName, string>>;

interface BookFormProps<Payload> {
  /** The shared schema the server applies too: bookCreateSchema or bookUpdateSchema. */
  schema: z.ZodType<Payload>;
  initial?: Partial<Book>;
  ratingMin: number;
  quantityMin: number;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onValid: (payload: Payload) => void;
  onCancel?: () => void;
  /**
   * Why the server refused the image (an address it could not fetch), shown under the field
   * until the address changes. A new object for each refusal, so a repeated one shows again.
   */
  imageError?: { message: string };
  /** A librarian's form also sets what losing a copy charges (only librarians may). */
  librarian?: boolean;
}

/** Empty number fields read as NaN so that the schema names them instead of taking them as 0. */
function readForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: FieldName) => String(data.get(name) ?? '');
  const number = (name: FieldName) => (text(name).trim() === '' ? Number.NaN : Number(text(name)));
  return {
    name: text('name'),
    author: text('author'),
    category: text('category') || undefined,
    quantity: number('quantity'),
    rating: number('rating'),
    // Blank is left out: an update then keeps the book's own (a book imported from a MARC record
    // may have no cover or description yet), and an added book is told both are required.
    image: text('image').trim() || undefined,
    shortDescription: text('shortDescription').trim() === '' ? undefined : text('shortDescription'),
    content: text('content').trim() || undefined,
    // Blank record fields mean none: the schema takes them as null, which clears them on update.
    isbn: text('isbn'),
    publisher: text('publisher'),
    publishedYear: text('publishedYear').trim() === '' ? '' : number('publishedYear'),
    language: text('language'),
    // Only a librarian's form has the field; otherwise it is left out, as the server asks.
    ...(data.has('replacementCost') && {
      replacementCost: text('replacementCost').trim() === '' ? '' : number('replacementCost'),
    }),
  };
}

function errorsOf(issues: z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The add and update forms: every field with a visible label, checked before it is sent. */
export function BookForm<Payload>({
  schema,
  initial = {},
  ratingMin,
  quantityMin,
  submitLabel,
  busyLabel,
  busy,
  onValid,
  onCancel,
  imageError,
  librarian = false,
}: BookFormProps<Payload>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const held = busy || uploading;

  const [dismissedImageError, setDismissedImageError] = useState<{ message: string }>();
  const serverImageError =
    imageError && imageError !== dismissedImageError ? imageError.message : undefined;
  const shownErrors: FieldErrors = { ...errors, image: errors.image ?? serverImageError };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (held) return;
    const form = event.currentTarget;
    const result = schema.safeParse(readForm(form));
    if (result.success) {
      setErrors({});
      onValid(result.data);
      return;
    }
    const found = errorsOf(result.error.issues);
    setErrors(found);
    const firstWrong = FIELD_ORDER.find((field) => found[field]);
    if (firstWrong) form.querySelector<HTMLElement>(`[name="${firstWrong}"]`)?.focus();
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-x-6 gap-y-2 md:grid-cols-2">
      <FormField
        idPrefix="book"
        name="name"
        label={t.bookFieldLabels.name}
        error={shownErrors.name}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            required
            defaultValue={initial.name}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="author"
        label={t.bookFieldLabels.author}
        error={shownErrors.author}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            required
            defaultValue={initial.author}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="category"
        label={t.bookFieldLabels.category}
        error={shownErrors.category}
      >
        {(control) => (
          <select
            {...control}
            required
            defaultValue={initial.category ?? ''}
            className="select w-full aria-invalid:border-error"
          >
            <option value="" disabled>
              {t.catalogueTexts.chooseCategory}
            </option>
            {libraryCategories().map((category) => (
              <option key={category} value={category}>
                {categoryName(category)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="quantity"
        label={t.bookFieldLabels.quantity}
        error={shownErrors.quantity}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            required
            min={quantityMin}
            step={1}
            defaultValue={initial.quantity}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="rating"
        label={t.bookFieldLabels.rating}
        hint={t.catalogueTexts.ratingHint(ratingMin, RATING_MAX, RATING_STEP)}
        error={shownErrors.rating}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            required
            min={ratingMin}
            max={RATING_MAX}
            step={RATING_STEP}
            defaultValue={initial.rating}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="image"
        label={t.bookFieldLabels.image}
        hint={t.catalogueTexts.imageHint}
        error={shownErrors.image}
      >
        {(control) => (
          <ImageUrlField
            {...control}
            autoComplete="url"
            required
            defaultValue={initial.image}
            onBusyChange={setUploading}
            onValueChange={() => {
              setErrors(({ image: _cleared, ...others }) => others);
              setDismissedImageError(imageError);
            }}
            inputClassName="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="isbn"
        label={t.bookRecordTexts.labels.isbn}
        hint={t.bookRecordTexts.isbnHint}
        error={errors.isbn}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={initial.isbn ?? ''}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="publisher"
        label={t.bookRecordTexts.labels.publisher}
        hint={t.bookRecordTexts.publisherHint}
        error={errors.publisher}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            defaultValue={initial.publisher ?? ''}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="publishedYear"
        label={t.bookRecordTexts.labels.publishedYear}
        hint={t.bookRecordTexts.publishedYearHint(PUBLISHED_YEAR_MIN)}
        error={errors.publishedYear}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={PUBLISHED_YEAR_MIN}
            step={1}
            defaultValue={initial.publishedYear ?? ''}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="language"
        label={t.bookRecordTexts.labels.language}
        hint={t.bookRecordTexts.languageHint}
        error={errors.language}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={2}
            defaultValue={initial.language ?? ''}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      {librarian && (
        <FormField
          idPrefix="book"
          name="replacementCost"
          label={t.bookRecordTexts.labels.replacementCost}
          hint={t.bookRecordTexts.replacementCostHint}
          error={errors.replacementCost}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={initial.replacementCost ?? ''}
              className="input w-full aria-invalid:border-error"
            />
          )}
        </FormField>
      )}
      <FormField
        idPrefix="book"
        name="shortDescription"
        label={t.bookFieldLabels.shortDescription}
        error={shownErrors.shortDescription}
        className="md:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            required
            rows={4}
            defaultValue={initial.shortDescription}
            className="textarea w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="book"
        name="content"
        label={t.bookFieldLabels.content}
        hint={t.catalogueTexts.contentHint}
        error={shownErrors.content}
        className="md:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            defaultValue={initial.content}
            className="textarea w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end md:col-span-2">
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={held}>
            {t.catalogueTexts.cancel}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={held}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
