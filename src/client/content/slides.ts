/** The five slides of the home banner (SPEC.md §2 Home), in order. */
import { BORROW_LIMIT } from '../../common/constants.ts';
import { paths } from '../lib/routes.ts';

export interface Slide {
  title: string;
  desc: string;
  btn: string;
  link: string;
}

export const slides: Slide[] = [
  {
    title: 'Welcome to the Library',
    desc: 'Books, journals and archives for every reader in the city. Browse the collection, find your next book and borrow it in a few clicks.',
    btn: 'Explore Now',
    // The search page, open to everyone (DECISIONS §13).
    link: paths.search(),
  },
  {
    title: 'Your Knowledge Partner',
    desc: 'Digital library access 24/7: search the catalogue, see which copies are on the shelf and borrow from home, day or night.',
    btn: 'Read Online',
    link: '/read-online',
  },
  {
    title: 'Academic Events Every Week',
    desc: 'Author talks, reading circles, writing workshops and research clinics, open to all members.',
    btn: 'See Events',
    link: '/events',
  },
  {
    title: 'Reserve Study Rooms',
    desc: 'Quiet carrels and group rooms for focused study. Book a slot at the front desk or by phone.',
    btn: 'Book Now',
    link: '/study-rooms',
  },
  {
    title: 'Library Membership Open',
    desc: `Join the library to borrow up to ${BORROW_LIMIT} books at a time, take part in our events and reserve study rooms.`,
    btn: 'Join Us',
    link: '/membership',
  },
];
