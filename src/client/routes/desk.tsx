/**
 * The Circulation Desk (/desk, docs/product.md#librarians): librarians only. The open tab is in the address
 * (`?tab=members`), so Back and Forward move between tabs; its data comes from the route's loader
 * (features/desk/desk-loader.ts, with the appointments' tabs) and changes go through the route's
 * action: the desk's intents and those of the features whose panels it shows.
 */
import { Link, useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { CataloguePanel } from '../features/desk/components/catalogue-panel.tsx';
import { CopyFinder } from '../features/copies/components/copy-finder.tsx';
import { ScanPanel } from '../features/desk/components/scan-panel.tsx';
import { HoldsPanel } from '../features/desk/components/holds-panel.tsx';
import { LoansPanel } from '../features/desk/components/loans-panel.tsx';
import { MembersPanel } from '../features/desk/components/members-panel.tsx';
import { StatsPanel } from '../features/desk/components/stats-panel.tsx';
import { DeskBookingsPanel } from '../features/appointments/components/desk-bookings-panel.tsx';
import { DeskEventsPanel } from '../features/appointments/components/desk-events-panel.tsx';
import { paths } from '../lib/routes.ts';
import {
  DESK_PAGE_SIZE,
  DESK_TABS,
  type DeskTab,
  type loadDesk,
} from '../features/desk/desk-loader.ts';
import { deskAction } from '../features/desk/desk-actions.ts';
import { deskAppointmentIntents } from '../features/appointments/appointment-actions.ts';
import type { appointmentDeskTabs } from '../features/appointments/desk-appointment-loaders.ts';
import { finesIntents } from '../features/fines/desk-intents.ts';
import { copyDeskIntents } from '../features/copies/copy-desk-intents.ts';
import { tPages } from '../lib/page-texts.ts';

export const action = deskAction({
  ...deskAppointmentIntents,
  ...finesIntents,
  ...copyDeskIntents,
});

/** The desk's data, with the tabs the appointments fill (router.tsx hands their loaders in). */
type DeskData = Awaited<
  ReturnType<
    typeof loadDesk<
      Awaited<ReturnType<typeof appointmentDeskTabs.bookings>>,
      Awaited<ReturnType<typeof appointmentDeskTabs.eventLists>>
    >
  >
>;

function DeskTabs({ current }: { current: DeskTab }) {
  return (
    <nav
      aria-label={tPages.deskTexts.tabsLabel}
      className="tabs-box mb-6 tabs w-fit max-w-full flex-wrap"
    >
      {DESK_TABS.map((tab) => (
        <Link
          key={tab}
          to={`${paths.desk}?tab=${tab}`}
          className={`tab ${tab === current ? 'tab-active font-semibold' : 'text-base-content/80'}`}
          aria-current={tab === current ? 'page' : undefined}
        >
          {tPages.deskTexts.tabs[tab]}
        </Link>
      ))}
    </nav>
  );
}

function Forbidden() {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center"
    >
      <h2 className="text-2xl font-semibold">{tPages.deskTexts.forbidden.title}</h2>
      <p className="text-base-content/80">{tPages.deskTexts.forbidden.text}</p>
      <Link to={paths.home} className="btn btn-primary">
        {tPages.deskTexts.forbidden.home}
      </Link>
    </div>
  );
}

function TabContent() {
  const data = useLoaderData<DeskData>();
  if (data.access !== 'granted') return null;
  const { query } = data;
  switch (query.tab) {
    case 'scan':
      return <ScanPanel />;
    case 'loans':
      return data.loans ? (
        <LoansPanel
          loans={data.loans}
          status={query.status}
          q={query.q}
          page={query.page}
          pageSize={DESK_PAGE_SIZE}
        />
      ) : null;
    case 'holds':
      return data.holds ? <HoldsPanel holds={data.holds} /> : null;
    case 'members':
      return data.members ? (
        <MembersPanel
          members={data.members}
          q={query.q}
          page={query.page}
          pageSize={DESK_PAGE_SIZE}
        />
      ) : null;
    case 'catalogue':
      return (
        <div className="flex flex-col gap-6">
          <CopyFinder />
          <CataloguePanel categories={data.categories ?? []} />
        </div>
      );
    case 'stats':
      return data.stats ? <StatsPanel stats={data.stats} /> : null;
    case 'bookings':
      return data.bookings ? <DeskBookingsPanel bookings={data.bookings} /> : null;
    case 'events':
      return data.eventLists ? <DeskEventsPanel {...data.eventLists} /> : null;
  }
}

export function Component() {
  const data = useLoaderData<DeskData>();
  // A visitor is on the way to Sign In (the guard); nothing of the desk is shown meanwhile.
  if (data.access === 'signedOut') return null;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{tPages.deskTexts.heading}</h1>
        {data.access === 'granted' && (
          <p className="text-base-content/80">{tPages.deskTexts.intro}</p>
        )}
      </header>
      {data.access === 'forbidden' ? (
        <Forbidden />
      ) : (
        <>
          <DeskTabs current={data.query.tab} />
          <TabContent />
        </>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
