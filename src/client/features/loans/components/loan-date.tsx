import { t } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/dates.ts';

/** A loan's date as a <time>, or N/A when the record has none. */
export function LoanDate({ date }: { date: string | null | undefined }) {
  if (!date) return <>{t.circulationTexts.notAvailable}</>;
  return <time dateTime={date.slice(0, 10)}>{formatDate(date)}</time>;
}
