import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { studyRoomsPage } from '../content/pages.ts';

const seats = (capacity: number) => (capacity === 1 ? '1 person' : `Up to ${capacity} people`);

/** The banner's Book Now page: the study rooms and how to reserve one. */
export function Component() {
  const { title, intro, rooms, booking } = studyRoomsPage;
  return (
    <PageContainer>
      <PageHeading eyebrow="Study spaces" title={title} intro={intro} />
      <div className="grid gap-5 sm:grid-cols-2">
        {rooms.map((room) => (
          <InfoCard key={room.name} icon="book" title={room.name} meta={seats(room.capacity)}>
            <p>{room.description}</p>
          </InfoCard>
        ))}
      </div>
      <h2 className="mt-14 mb-6 text-center text-2xl font-bold sm:text-3xl">How to book</h2>
      <ol className="grid gap-5 md:grid-cols-3">
        {booking.map((step, index) => (
          <li key={step.heading} className="rounded-box bg-base-200 p-6">
            <span className="mb-3 grid size-9 place-items-center rounded-full bg-primary font-bold text-primary-content">
              {index + 1}
            </span>
            <h3 className="font-sans text-lg font-semibold">{step.heading}</h3>
            <p className="mt-2 leading-relaxed text-base-content/80">{step.text}</p>
          </li>
        ))}
      </ol>
    </PageContainer>
  );
}
