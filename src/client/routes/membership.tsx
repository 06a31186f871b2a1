import { useLoaderData } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { MembershipDates } from '../features/fines/components/membership-dates.tsx';
import type { loadMembership } from '../features/fines/fines-loaders.ts';
import { ActionLink } from '../components/ui/action-link.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { InfoCard } from '../components/ui/info-card.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { membershipLink } from '../content/pages.ts';
import { formatNumber } from '../lib/i18n.ts';
import { tPages } from '../lib/page-texts.ts';

const checkList = (lines: string[]) => (
  <ul className="space-y-2">
    {lines.map((line) => (
      <li key={line} className="flex gap-2">
        <Icon name="check" className="mt-1 size-4 shrink-0 text-primary" />
        <span>{line}</span>
      </li>
    ))}
  </ul>
);

/** The way to join: the sign-up form for visitors, the membership's dates for members. */
function Join() {
  const { membership } = useLoaderData<typeof loadMembership>();
  const { user } = useAuth();
  const texts = tPages.finesTexts;
  if (user && membership)
    return (
      <section
        aria-labelledby="membership-heading"
        className="mx-auto mt-12 flex max-w-xl flex-col gap-4 rounded-box bg-base-100 p-6 shadow-sm ring-1 ring-base-300"
      >
        <h2 id="membership-heading" className="text-2xl font-bold">
          {texts.yourMembership}
        </h2>
        <p className="font-semibold break-words">{user.displayName}</p>
        <MembershipDates membership={membership} />
        <p className="text-sm text-base-content/80">{texts.renewAtDesk}</p>
      </section>
    );
  if (user) return <ActionLink label={tPages.pageTexts.membership.action} link={membershipLink} />;
  return (
    <section
      aria-labelledby="join-heading"
      className="mx-auto mt-12 flex max-w-xl flex-col gap-4 rounded-box bg-base-100 p-6 shadow-sm ring-1 ring-base-300"
    >
      <h2 id="join-heading" className="text-2xl font-bold">
        {texts.joinHeading}
      </h2>
      <p className="text-base-content/80">{texts.joinIntro}</p>
      <RegisterForm />
    </section>
  );
}

/** The banner's Join Us page: who can join, what members get and how to join. */
export function Component() {
  const texts = tPages.pageTexts.membership;
  const { title, intro, eligibility, benefits, steps } = texts;
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={title} intro={intro} />
      <div className="grid gap-5 md:grid-cols-2">
        <InfoCard title={texts.whoCanJoin}>{checkList(eligibility)}</InfoCard>
        <InfoCard title={texts.whatMembersGet}>{checkList(benefits)}</InfoCard>
      </div>
      <h2 className="mt-14 mb-6 text-center text-2xl font-bold sm:text-3xl">{texts.howToJoin}</h2>
      <ol className="mx-auto max-w-2xl space-y-4">
        {steps.map((step, index) => (
          <li key={step} className="flex items-start gap-4 rounded-box bg-base-200 p-5">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-content">
              {formatNumber(index + 1)}
            </span>
            <p className="pt-1.5 leading-relaxed">{step}</p>
          </li>
        ))}
      </ol>
      <Join />
    </PageContainer>
  );
}
