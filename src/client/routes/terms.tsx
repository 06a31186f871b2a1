import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { tPages } from '../lib/page-texts.ts';

/** docs/product.md#pages Terms: seven collapsible items. */
export function Component() {
  return (
    <PageContainer>
      <PageHeading
        eyebrow={tPages.termsTexts.eyebrow}
        title={tPages.termsTexts.title}
        intro={tPages.termsTexts.intro}
      />
      <div className="space-y-3" data-testid="terms-items">
        {tPages.termsTexts.items.map((item, index) => (
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
