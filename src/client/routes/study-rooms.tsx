import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { studyRoomCapacities } from '../content/pages.ts';
import { formatNumber } from '../lib/i18n.ts';
import { tPages } from '../lib/page-texts.ts';

/** The banner's Book Now page: the study rooms and how to reserve one. */
export function Component() {
  const texts = tPages.pageTexts.studyRooms;
  const { title, intro, booking } = texts;
  const rooms = texts.rooms.map((room, index) => ({
    ...room,
    capacity: studyRoomCapacities[index] ?? 1,
  }));
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={title} intro={intro} />
      <div className="grid gap-5 sm:grid-cols-2">
        {rooms.map((room) => (
          <InfoCard key={room.name} icon="book" title={room.name} meta={texts.seats(room.capacity)}>
            <p>{room.description}</p>
          </InfoCard>
        ))}
      </div>
      <h2 className="mt-14 mb-6 text-center text-2xl font-bold sm:text-3xl">{texts.howToBook}</h2>
      <ol className="grid gap-5 md:grid-cols-3">
        {booking.map((step, index) => (
          <li key={step.heading} className="rounded-box bg-base-200 p-6">
            <span className="mb-3 grid size-9 place-items-center rounded-full bg-primary font-bold text-primary-content">
              {formatNumber(index + 1)}
            </span>
            <h3 className="font-sans text-lg font-semibold">{step.heading}</h3>
            <p className="mt-2 leading-relaxed text-base-content/80">{step.text}</p>
          </li>
        ))}
      </ol>
    </PageContainer>
  );
}
