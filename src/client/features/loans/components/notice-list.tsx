import { Link } from 'react-router';
import type { Notice } from '../../../../common/types.ts';
import { paths } from '../../../lib/routes.ts';
import { formatDate, formatInstant } from '../../../lib/dates.ts';
import { tPages } from '../../../lib/page-texts.ts';

const badgeOf: Record<Notice['email'], string> = {
  pending: 'badge-info',
  sent: 'badge-success',
  optedOut: 'badge-ghost',
  failed: 'badge-error',
};

/** What a notice is about, in a sentence: loan notices name a day, hold notices an instant. */
function titleOf(notice: Notice): string {
  const loanNotice = notice.kind === 'dueSoon' || notice.kind === 'overdue';
  const date = loanNotice ? formatDate(notice.until) : formatInstant(notice.until);
  return tPages.profileTexts.noticeTitles[notice.kind](notice.bookName, date);
}

/** The member's notices, newest first: what each said, when, and whether it went by e-mail. */
export function NoticeList({ notices }: { notices: Notice[] }) {
  if (notices.length === 0)
    return (
      <p className="rounded-box bg-base-200 px-4 py-6 text-sm">{tPages.profileTexts.noNotices}</p>
    );
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300">
      {notices.map((notice) => (
        <li key={notice._id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <Link to={paths.book(notice.bookId)} className="link-hover font-medium">
              {titleOf(notice)}
            </Link>
            <p className="text-sm text-base-content/70">
              {tPages.profileTexts.noticeSent(formatInstant(notice.createdAt))}
            </p>
          </div>
          <span className={`badge badge-sm ${badgeOf[notice.email]} shrink-0`}>
            {tPages.profileTexts.emailStates[notice.email]}
          </span>
        </li>
      ))}
    </ul>
  );
}
