/**
 * What a librarian changes on one copy: its shelf mark, and its status (damaged, lost, withdrawn,
 * or available again when found or mended). A copy on loan or kept for a hold changes only by
 * circulation, so it offers no status; the server refuses it anyway (COPY_IN_CIRCULATION).
 */
import { useId, useState, type FormEvent } from 'react';
import { SETTABLE_COPY_STATUSES, type Copy } from '../../../../common/copies.ts';
import { tCopies } from '../../../lib/copies-texts.ts';
import { confirmDialog, showToast } from '../../../lib/dialogs.ts';
import { updateCopy } from '../api.ts';
import { useCopyRequest } from '../use-copy-request.ts';

type Settable = (typeof SETTABLE_COPY_STATUSES)[number];

/** The statuses that take a copy off the shelf are asked first; available is not. */
const ASKED: ReadonlySet<Settable> = new Set(['damaged', 'lost', 'withdrawn']);

export function CopyActions({ copy, onChanged }: { copy: Copy; onChanged: () => void }) {
  const id = useId();
  const { busy, run } = useCopyRequest();
  const choices = SETTABLE_COPY_STATUSES.filter((status) => status !== copy.status);
  const [status, setStatus] = useState<Settable>(choices[0] ?? 'available');
  const inCirculation = copy.status === 'onLoan' || copy.status === 'held';

  async function change(changes: Parameters<typeof updateCopy>[1], done: string) {
    await run(async () => {
      await updateCopy(copy._id, changes);
      void showToast('success', done);
      onChanged();
    });
  }

  async function saveShelfMark(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const shelfMark = String(new FormData(event.currentTarget).get('shelfMark') ?? '');
    await change({ shelfMark }, tCopies.shelfMarkSaved(copy.barcode));
  }

  async function changeStatus(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = tCopies.statuses[status];
    if (ASKED.has(status)) {
      const ask = tCopies.confirmStatus(copy.barcode, name);
      if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return;
    }
    await change({ status }, tCopies.statusChanged(copy.barcode, name));
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <form className="flex items-end gap-2" onSubmit={(event) => void saveShelfMark(event)}>
        <label className="flex min-w-0 flex-col gap-1 text-xs" htmlFor={`${id}-shelf`}>
          <span className="sr-only">{tCopies.shelfMarkOf(copy.barcode)}</span>
          <input
            id={`${id}-shelf`}
            name="shelfMark"
            className="input input-sm w-40"
            defaultValue={copy.shelfMark ?? ''}
            maxLength={60}
            placeholder={tCopies.shelfMark}
          />
        </label>
        <button type="submit" className="btn btn-sm" disabled={busy}>
          {tCopies.saveShelfMark}
        </button>
      </form>
      {inCirculation ? (
        <p className="text-xs text-base-content/80 sm:max-w-60">{tCopies.inCirculation}</p>
      ) : (
        <form className="flex items-end gap-2" onSubmit={(event) => void changeStatus(event)}>
          <label className="sr-only" htmlFor={`${id}-status`}>
            {tCopies.statusOf(copy.barcode)}
          </label>
          <select
            id={`${id}-status`}
            className="select w-48 select-sm"
            value={status}
            onChange={(event) => setStatus(event.target.value as Settable)}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {tCopies.markAs[choice]}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-sm btn-outline" disabled={busy}>
            {tCopies.changeStatus}
          </button>
        </form>
      )}
    </div>
  );
}
