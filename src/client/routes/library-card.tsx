/**
 * The member's library card (/card, docs/product/desk.md): the card number as a Code 128 barcode
 * and a QR code, black on white, wide enough for a phone held to the desk's scanner and printed
 * alone on one page.
 */
import { useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { Code128Image } from '../components/ui/code128-image.tsx';
import { QrImage } from '../features/card/components/qr-image.tsx';
import { tPages } from '../lib/page-texts.ts';
import type { loadCard } from '../features/card/card-loader.ts';

export function Component() {
  const { card } = useLoaderData<typeof loadCard>();
  const texts = tPages.lendingTexts;
  if (!card) return null;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold">{texts.cardHeading}</h1>
      <p className="text-base-content/80">{texts.cardIntro}</p>
      <article
        data-printable
        className="flex flex-col gap-3 rounded-box border border-base-300 bg-white p-4 text-black shadow-sm"
        aria-label={texts.cardHeading}
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-sm text-neutral-700">{texts.cardName}</dt>
          <dd className="font-semibold break-words">{card.name}</dd>
          <dt className="text-sm text-neutral-700">{texts.cardNumberLabel}</dt>
          <dd className="font-mono text-lg font-semibold tracking-wider" data-testid="card-number">
            {card.cardNumber}
          </dd>
        </dl>
        <Code128Image
          value={card.cardNumber}
          alt={texts.barcodeAlt(card.cardNumber)}
          className="h-28 w-full object-contain"
        />
        <QrImage
          value={card.cardNumber}
          alt={texts.qrAlt(card.cardNumber)}
          className="mx-auto size-40"
        />
      </article>
      <button type="button" className="btn btn-primary self-start" onClick={() => window.print()}>
        {texts.print}
      </button>
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
