import { useFetcher } from 'react-router';
import { EBOOK_ACCESS } from '../../../common/constants.ts';
import type { Book } from '../../../common/types.ts';
import { tPages } from '../../lib/page-texts.ts';

/**
 * The librarian's e-book edition of a book: upload or replace the EPUB (checked by the server
 * before it is stored), change who may read it and how many digital copies there are, remove it.
 * Each form posts an intent to the book page's action (ebook-actions.ts).
 */
export default function EbookEditor({ book }: { book: Book }) {
  const texts = tPages.digitalLibraryTexts.editor;
  const upload = useFetcher();
  const change = useFetcher();
  const remove = useFetcher();
  const { ebook } = book;
  return (
    <div className="flex w-full flex-col gap-4 border-t border-base-300 pt-3">
      <h3 className="font-semibold">{texts.heading}</h3>
      {!ebook && <p>{texts.none}</p>}
      <upload.Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value="uploadEbook" />
        <input type="hidden" name="id" value={book._id} />
        <label className="flex flex-col gap-1">
          <span className="text-sm">{texts.file}</span>
          <input
            type="file"
            name="file"
            accept=".epub,application/epub+zip"
            required
            className="file-input file-input-sm max-w-full"
          />
        </label>
        <button type="submit" className="btn btn-sm btn-primary" disabled={upload.state !== 'idle'}>
          {upload.state !== 'idle' ? texts.uploading : ebook ? texts.replace : texts.upload}
        </button>
      </upload.Form>
      {ebook && (
        <change.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="changeEbook" />
          <input type="hidden" name="id" value={book._id} />
          <label className="flex flex-col gap-1">
            <span className="text-sm">{texts.access}</span>
            <select name="access" defaultValue={ebook.access} className="select select-sm">
              {EBOOK_ACCESS.map((access) => (
                <option key={access} value={access}>
                  {access === 'open'
                    ? tPages.digitalLibraryTexts.open
                    : tPages.digitalLibraryTexts.lent}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm">{texts.copies}</span>
            <input
              type="number"
              name="copies"
              min={1}
              max={1000}
              defaultValue={ebook.copies}
              className="input input-sm w-24"
            />
          </label>
          <button type="submit" className="btn btn-sm" disabled={change.state !== 'idle'}>
            {texts.save}
          </button>
        </change.Form>
      )}
      {ebook && (
        <remove.Form method="post">
          <input type="hidden" name="intent" value="removeEbook" />
          <input type="hidden" name="id" value={book._id} />
          <button
            type="submit"
            className="btn btn-sm btn-error btn-outline"
            disabled={remove.state !== 'idle'}
          >
            {texts.remove}
          </button>
        </remove.Form>
      )}
    </div>
  );
}
