import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { contactDetails } from '../content/pages.ts';
import { tPages } from '../lib/page-texts.ts';
import { weekRuns } from '../../common/library-hours.ts';
import { WEEKDAYS, type Weekday } from '../../common/opening-hours.ts';
import { libraryHours } from '../lib/library-hours.ts';
import { formatTime } from '../lib/dates.ts';
import { locale } from '../lib/i18n.ts';

const weekdayName = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
/** 4 January 1970 was a Sunday. */
const nameOf = (day: Weekday) =>
  weekdayName.format(new Date(Date.UTC(1970, 0, 4 + WEEKDAYS.indexOf(day))));

/** One line per run of days alike, then public holidays, from the library's own settings. */
function openingLines() {
  const texts = tPages.pageTexts.contact;
  const { opens, closes, closedDays } = libraryHours;
  return [
    ...weekRuns(closedDays).map(({ first, last, open }) => ({
      days: texts.days(nameOf(first), nameOf(last)),
      time: open ? texts.hours(formatTime(opens), formatTime(closes)) : texts.closed,
    })),
    { days: texts.publicHolidays, time: texts.closed },
  ];
}

/** docs/product.md#home: a real contact page (its title is the product name alone). */
export function Component() {
  const texts = tPages.pageTexts.contact;
  const { title, intro, address } = texts;
  const { phone, email } = contactDetails;
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={title} intro={intro} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InfoCard icon="mapPin" title={texts.visitUs}>
          <address className="not-italic">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </InfoCard>
        <InfoCard icon="clock" title={texts.openingHours}>
          <dl className="space-y-1">
            {openingLines().map(({ days, time }) => (
              <div key={days} className="flex flex-wrap justify-between gap-x-4">
                <dt>{days}</dt>
                <dd className="font-medium text-base-content">{time}</dd>
              </div>
            ))}
          </dl>
        </InfoCard>
        <InfoCard icon="phone" title={texts.callUs}>
          <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="link link-primary">
            {phone}
          </a>
        </InfoCard>
        <InfoCard icon="mail" title={texts.writeUs}>
          <a href={`mailto:${email}`} className="link link-primary break-all">
            {email}
          </a>
        </InfoCard>
      </div>
    </PageContainer>
  );
}
