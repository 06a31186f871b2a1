import type { CopyStatus } from '../../../../common/copies.ts';
import { tCopies } from '../../../lib/copies-texts.ts';

const TONES: Record<CopyStatus, string> = {
  available: 'badge-soft badge-success',
  onLoan: 'badge-soft badge-primary',
  held: 'badge-warning',
  lost: 'badge-error',
  damaged: 'badge-warning',
  withdrawn: 'badge-ghost',
};

/** A copy's status in words, coloured by what it means for the shelf (tones that keep AA contrast). */
export function CopyStatusBadge({ status }: { status: CopyStatus }) {
  return (
    <span className={`badge h-auto py-1 ${TONES[status]}`} data-testid="copy-status">
      {tCopies.statuses[status]}
    </span>
  );
}
