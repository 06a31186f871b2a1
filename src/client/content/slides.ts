/** The five slides of the home banner (docs/product.md#home Home), in order; their words are the catalogue's. */
import { t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';

export interface Slide {
  title: string;
  desc: string;
  btn: string;
  link: string;
}

/** Where each slide's button leads. */
const SLIDE_LINKS = {
  // The search page, open to everyone (docs/product.md#search).
  welcome: paths.search(),
  readOnline: '/read-online',
  events: '/events',
  studyRooms: '/study-rooms',
  membership: '/membership',
} as const;

export const slides = (): Slide[] =>
  (Object.keys(SLIDE_LINKS) as (keyof typeof SLIDE_LINKS)[]).map((key) => ({
    ...t.homeTexts.slides[key],
    link: SLIDE_LINKS[key],
  }));

export const SLIDE_COUNT = Object.keys(SLIDE_LINKS).length;
