import { Icon } from '../components/ui/icon.tsx';
import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { tPages } from '../lib/page-texts.ts';

/** The banner's See Events page: the weekly programme. */
export function Component() {
  const texts = tPages.pageTexts.events;
  const { title, intro, events } = texts;
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={title} intro={intro} />
      <div className="grid gap-5 md:grid-cols-2">
        {events.map((event) => (
          <InfoCard
            key={event.name}
            icon="clock"
            title={event.name}
            meta={texts.when(event.day, event.time)}
          >
            <p>{event.description}</p>
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-base-content">
              <Icon name="mapPin" className="size-4 shrink-0 text-primary" />
              <span className="sr-only">{texts.where}</span>
              {event.place}
            </p>
          </InfoCard>
        ))}
      </div>
    </PageContainer>
  );
}
