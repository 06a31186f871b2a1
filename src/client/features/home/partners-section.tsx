import { partners, partnersHeading } from '../../content/partners.ts';

/** SPEC §2 Home partners: nine cards with the logo (served by the app), name and description. */
export function PartnersSection() {
  return (
    <section aria-labelledby="partners-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="partners-heading" className="mb-10 text-center text-3xl font-bold sm:text-4xl">
        {partnersHeading}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {partners.map((partner) => (
          <li
            key={partner.name}
            className="card flex-row items-start gap-4 border border-base-300 bg-base-100 p-5 shadow-sm"
          >
            <img
              src={partner.img}
              alt=""
              width={64}
              height={64}
              loading="lazy"
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
