import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { contactPage } from '../content/pages.ts';

/** DECISIONS §7: a real contact page (its title is the product name alone). */
export function Component() {
  const { title, intro, address, phone, email, hours } = contactPage;
  return (
    <PageContainer>
      <PageHeading eyebrow="We are here to help" title={title} intro={intro} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InfoCard icon="mapPin" title="Visit us">
          <address className="not-italic">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </InfoCard>
        <InfoCard icon="clock" title="Opening hours">
          <dl className="space-y-1">
            {hours.map(({ days, hours: time }) => (
              <div key={days} className="flex flex-wrap justify-between gap-x-4">
                <dt>{days}</dt>
                <dd className="font-medium text-base-content">{time}</dd>
              </div>
            ))}
          </dl>
        </InfoCard>
        <InfoCard icon="phone" title="Call the front desk">
          <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="link link-primary">
            {phone}
          </a>
        </InfoCard>
        <InfoCard icon="mail" title="Write to us">
          <a href={`mailto:${email}`} className="link link-primary break-all">
            {email}
          </a>
        </InfoCard>
      </div>
    </PageContainer>
  );
}
