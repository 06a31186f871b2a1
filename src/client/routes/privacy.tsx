import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { formatNumber } from '../lib/i18n.ts';
import { tPages } from '../lib/page-texts.ts';

/** docs/product.md#pages Privacy: five sections. */
export function Component() {
  return (
    <PageContainer>
      <PageHeading
        eyebrow={tPages.privacyTexts.eyebrow}
        title={tPages.privacyTexts.title}
        intro={tPages.privacyTexts.intro}
      />
      <div className="space-y-5">
        {tPages.privacyTexts.sections.map((section, index) => (
          <section
            key={section.heading}
            aria-labelledby={`privacy-${index}`}
            className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
          >
            <h2 id={`privacy-${index}`} className="text-xl font-bold sm:text-2xl">
              <span className="me-3 text-primary" aria-hidden="true">
                {formatNumber(index + 1)}.
              </span>
              {section.heading}
            </h2>
            <p className="mt-3 leading-relaxed text-base-content/80">{section.text}</p>
          </section>
        ))}
      </div>
    </PageContainer>
  );
}
