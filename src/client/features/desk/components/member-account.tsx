import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { DeskMember } from '../../../../common/types.ts';
import { formatTaka } from '../../../lib/i18n.ts';
import { tPages } from '../../../lib/page-texts.ts';
import { formatDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/routes.ts';

interface MemberAccountProps {
  member: Pick<DeskMember, '_id' | 'name' | 'balance' | 'expiresOn'>;
  /**
   * The Scan tab: the member stays open, a payment or waiver offers its receipt as a link (in a
   * new tab, to print), and `onChanged` is called after each change so the card is read again.
   */
  scan?: { onChanged: () => void };
  /** More about the member's account, said after what they owe and their membership's end. */
  children?: ReactNode;
}

/** A member's balance and membership on the desk: take a payment, waive, renew the membership. */
export function MemberAccount({ member, scan, children }: MemberAccountProps) {
  const fetcher = useFetcher<{ receipt?: string } | null>();
  const busy = fetcher.state !== 'idle';
  const texts = tPages.finesTexts;
  const amountId = useId();
  const noteId = useId();
  const onChanged = scan?.onChanged;
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      onChanged?.();
    }
  }, [busy, onChanged]);
  // The last payment's or waiver's receipt stays offered after a renewal that follows it.
  const [receipt, setReceipt] = useState<string>();
  const taken = fetcher.data?.receipt;
  if (taken && taken !== receipt) setReceipt(taken);
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 text-sm">
      <input type="hidden" name="id" value={member._id} />
      <input type="hidden" name="name" value={member.name} />
      {scan && <input type="hidden" name="stay" value="1" />}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 tabular-nums">
        <span>
          {texts.owes}:{' '}
          <strong className={member.balance > 0 ? 'text-error' : ''}>
            {formatTaka(member.balance)}
          </strong>
        </span>
        {member.expiresOn && (
          <span>
            {texts.membershipUntil}: {formatDate(member.expiresOn)}
          </span>
        )}
        {children}
      </p>
      {member.balance > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={amountId} className="flex flex-col gap-1">
            <span className="text-xs font-semibold">{texts.amountLabel}</span>
            <input
              // A new balance after a payment sets the amount offered again.
              key={member.balance}
              id={amountId}
              name="amount"
              type="number"
              inputMode="numeric"
              min={1}
              max={member.balance}
              step={1}
              required
              defaultValue={member.balance}
              className="input input-sm w-28"
            />
          </label>
          <label htmlFor={noteId} className="flex grow flex-col gap-1">
            <span className="text-xs font-semibold">{texts.noteLabel}</span>
            <input id={noteId} name="note" maxLength={500} className="input input-sm w-full" />
          </label>
          <button
            type="submit"
            name="intent"
            value="payment"
            className="btn btn-sm btn-primary"
            disabled={busy}
          >
            {texts.takePayment}
          </button>
          <button type="submit" name="intent" value="waiver" className="btn btn-sm" disabled={busy}>
            {texts.waive}
          </button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="renewMembership"
          formNoValidate
          className="btn btn-sm btn-outline"
          disabled={busy}
        >
          {texts.renewMembership}
        </button>
        {scan && receipt && (
          <a
            href={paths.receipt(receipt)}
            target="_blank"
            rel="noopener"
            className="btn btn-sm btn-outline btn-primary"
            data-testid="open-receipt"
          >
            {texts.openReceipt}
          </a>
        )}
      </div>
    </fetcher.Form>
  );
}
