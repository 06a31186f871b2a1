import type { Membership } from '../../../../common/types.ts';
import { tPages } from '../../../lib/page-texts.ts';
import { formatDate } from '../../../lib/dates.ts';

/** Since when and until when the account is a member; an ended membership says so. */
export function MembershipDates({ membership }: { membership: Membership }) {
  const texts = tPages.finesTexts;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-xs font-semibold text-base-content/70 uppercase">
          {texts.memberSince}
        </dt>
        <dd>{formatDate(membership.memberSince)}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold text-base-content/70 uppercase">{texts.validUntil}</dt>
        <dd data-testid="membership-expires">
          {formatDate(membership.expiresOn)}
          {membership.expired && (
            <span className="mt-1 block font-semibold text-error">{texts.expired}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
