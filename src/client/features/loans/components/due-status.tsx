import type { Loan } from '../../../../common/types.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { t } from '../../../lib/i18n.ts';

/** How long until a loan is due, or that it is overdue: in words and an icon, not colour alone. */
export function DueStatus({ loan }: { loan: Pick<Loan, 'overdue' | 'daysLeft'> }) {
  if (loan.overdue) {
    return (
      <p>
        <span className="badge h-auto gap-1 badge-error py-1 font-semibold">
          <Icon name="alert" className="size-4" />
          {t.circulationTexts.overdue} · {t.circulationTexts.overdueBy(-loan.daysLeft)}
        </span>
      </p>
    );
  }
  const soon = loan.daysLeft <= 2;
  return (
    <p>
      <span
        className={`badge h-auto gap-1 py-1 ${soon ? 'badge-warning' : 'badge-soft badge-success'}`}
      >
        <Icon name="clock" className="size-4" />
        {t.circulationTexts.dueIn(loan.daysLeft)}
      </span>
    </p>
  );
}
