/** The nine partner cards of the home page (docs/product.md#home Home); logos are served by the app. */
import { t } from '../lib/i18n.ts';

export interface Partner {
  name: string;
  desc: string;
  img: string;
}

/** Each partner's logo, in the order of the cards; their names and words are the catalogue's. */
const PARTNER_LOGOS = {
  nationalLibrary: '/partners/national-library-of-bangladesh.svg',
  bishwoShahittoKendro: '/partners/bishwo-shahitto-kendro.svg',
  dhakaUniversity: '/partners/dhaka-university-central-library.svg',
  shishuAcademy: '/partners/bangladesh-shishu-academy-library.svg',
  banglaAcademy: '/partners/bangla-academy.svg',
  boiBondhu: '/partners/boi-bondhu-foundation.svg',
  shilpakalaAcademy: '/partners/bangladesh-shilpakala-academy.svg',
  rokomari: '/partners/rokomari.svg',
  openSourceNetwork: '/partners/bangladesh-open-source-network.svg',
} as const;

export const partners = (): Partner[] =>
  (Object.keys(PARTNER_LOGOS) as (keyof typeof PARTNER_LOGOS)[]).map((key) => ({
    ...t.homeTexts.partners[key],
    img: PARTNER_LOGOS[key],
  }));
