import { ActionLink } from '../components/ui/action-link.tsx';
import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { readOnlineLink } from '../content/pages.ts';
import { tPages } from '../lib/page-texts.ts';

/** The banner's Read Online page: the digital library, open 24/7. */
export function Component() {
  const texts = tPages.pageTexts.readOnline;
  const { title, intro, items } = texts;
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={title} intro={intro} />
      <div className="grid gap-5 sm:grid-cols-2">
        {items.map((item) => (
          <InfoCard key={item.heading} icon="check" title={item.heading}>
            <p>{item.text}</p>
          </InfoCard>
        ))}
      </div>
      <ActionLink label={texts.action} link={readOnlineLink} />
    </PageContainer>
  );
}
