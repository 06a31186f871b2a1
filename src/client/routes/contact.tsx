import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { contactDetails } from '../content/pages.ts';
import { tPages } from '../lib/page-texts.ts';

/** docs/product.md#home: a real contact page (its title is the product name alone). */
export function Component() {
  const texts = tPages.pageTexts.contact;
  const { title, intro, address, hours } = texts;
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
            {hours.map(({ days, hours: time }) => (
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
