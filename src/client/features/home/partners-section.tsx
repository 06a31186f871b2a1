import { useRef } from 'react';
import { partners } from '../../content/partners.ts';
import { t } from '../../lib/i18n.ts';
import { useSeen } from './hooks/use-seen.ts';

/**
 * The logos are asked for only when the section comes near the screen. Each is an SVG, which the
 * browser builds on the main thread like a small page; the browser's own lazy loading would still
 * fetch all nine during the first load of a phone's screen, while the page is getting ready.
 */
const LOAD_LOGOS_WITHIN = '300px 0px';

/** docs/product.md#home Home partners: nine cards with the logo (served by the app), name and description. */
export function PartnersSection() {
  const section = useRef<HTMLElement>(null);
  const near = useSeen(section, { margin: LOAD_LOGOS_WITHIN });
  return (
    <section
      ref={section}
      aria-labelledby="partners-heading"
      className="below-fold mx-auto max-w-7xl px-4 py-16 sm:px-6"
    >
      <h2 id="partners-heading" className="mb-10 text-center text-3xl font-bold sm:text-4xl">
        {t.homeTexts.partnersHeading}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {partners().map((partner) => (
          <li
            key={partner.name}
            className="card flex-row items-start gap-4 border border-base-300 bg-base-100 p-5 shadow-sm"
          >
            <img
              src={near ? partner.img : undefined}
              alt=""
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-box border border-base-300 bg-base-100 object-contain p-1"
            />
            <div>
              <h3 className="font-sans text-lg font-semibold">{partner.name}</h3>
              <p className="mt-1 text-sm leading-relaxed text-base-content/75">{partner.desc}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
