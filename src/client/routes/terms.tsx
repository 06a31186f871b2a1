import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { termsItems, termsTitle } from '../content/terms.ts';

/** SPEC §2 Terms: seven collapsible items. */
export function Component() {
  return (
    <PageContainer>
      <PageHeading
        eyebrow="Library policies"
        title={termsTitle}
        intro="The rules that keep the library fair and pleasant for every reader. Open a topic to read it."
      />
      <div className="space-y-3" data-testid="terms-items">
        {termsItems.map((item, index) => (
          <details
            key={item.heading}
            className="collapse collapse-arrow rounded-box border border-base-300 bg-base-100 shadow-sm"
            open={index === 0}
          >
            <summary className="collapse-title font-semibold sm:text-lg">{item.heading}</summary>
            <div className="collapse-content">
              <p className="leading-relaxed text-base-content/80">{item.text}</p>
            </div>
          </details>
        ))}
      </div>
    </PageContainer>
  );
}
