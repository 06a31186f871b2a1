import { useFetcher } from 'react-router';
import type { DeskMember } from '../../../../common/types.ts';
import type { DeskPage } from '../api/desk-api.ts';
import { MemberAccount } from './member-account.tsx';
import { DeskPager } from './desk-pager.tsx';
import { DeskSearch } from './desk-search.tsx';
import { formatNumber } from '../../../lib/i18n.ts';
import { tPages } from '../../../lib/page-texts.ts';

type Change = keyof typeof tPages.deskTexts.memberChanged;

function MemberActions({ member }: { member: DeskMember }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  const button = (change: Change, label: string, style = '') => (
    <button
      type="submit"
      name="change"
      value={change}
      className={`btn btn-sm ${style}`}
      disabled={busy}
    >
      {label}
    </button>
  );
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="changeMember" />
      <input type="hidden" name="id" value={member._id} />
      <input type="hidden" name="name" value={member.name} />
      {member.blocked
        ? button('unblocked', tPages.deskTexts.unblock)
        : button('blocked', tPages.deskTexts.block, 'btn-error btn-outline')}
      {member.role === 'librarian'
        ? button('revoked', tPages.deskTexts.revoke)
        : button('granted', tPages.deskTexts.grant)}
    </fetcher.Form>
  );
}

function MemberRow({ member }: { member: DeskMember }) {
  return (
    <li className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {member.name}
          <span className={`badge badge-sm ${member.role === 'librarian' ? 'badge-primary' : ''}`}>
            {tPages.deskTexts.roles[member.role]}
          </span>
          {member.blocked && (
            <span className="badge badge-sm badge-error">{tPages.deskTexts.blocked}</span>
          )}
        </span>
        <span className="text-sm break-all text-base-content/80">{member.email}</span>
        <span className="text-sm tabular-nums">
          {tPages.deskTexts.loansNow}: {formatNumber(member.loans)}
          {member.overdue > 0 && (
            <span className="font-semibold text-error">
              {' '}
              · {tPages.deskTexts.overdueNow(member.overdue)}
            </span>
          )}
        </span>
        <MemberAccount member={member} />
      </div>
      <MemberActions member={member} />
    </li>
  );
}

interface MembersPanelProps {
  members: DeskPage<DeskMember>;
  q: string;
  page: number;
  pageSize: number;
}

/** Members found by name or e-mail, with their loans; block, unblock, grant and revoke. */
export function MembersPanel({ members, q, page, pageSize }: MembersPanelProps) {
  return (
    <div className="flex flex-col gap-4">
      <DeskSearch keep={{ tab: 'members' }} q={q} label={tPages.deskTexts.searchMembers} />
      <p className="text-sm text-base-content/80" aria-live="polite">
        {tPages.deskTexts.membersTotal(members.total)}
      </p>
      {members.items.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-12 text-center">
          {tPages.deskTexts.noMembers}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {members.items.map((member) => (
            <MemberRow key={member._id} member={member} />
          ))}
        </ul>
      )}
      <DeskPager page={page} total={members.total} size={pageSize} />
    </div>
  );
}
