/**
 * The English texts of the home page and its banner: a part of en.ts, the words loaded before the
 * first render.
 */
import { BORROW_LIMIT } from '../constants.ts';

/** Words of the home page's banner, a carousel (WAI-ARIA's carousel pattern). */
export const bannerTexts = {
  carousel: 'carousel',
  slide: 'slide',
  label: 'Library highlights',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  goTo: (slide: number) => `Go to slide ${slide}`,
  position: (slide: number, count: number) => `${slide} of ${count}`,
};

/** The home page: banner slides, categories, statistics and partners (docs/product.md#home Home). */
export const homeTexts = {
  slides: {
    welcome: {
      title: 'Welcome to the Library',
      desc: 'Books, journals and archives for every reader in the city. Browse the collection, find your next book and borrow it in a few clicks.',
      btn: 'Explore Now',
    },
    readOnline: {
      title: 'Your Knowledge Partner',
      desc: 'Digital library access 24/7: search the catalogue, see which copies are on the shelf and borrow from home, day or night.',
      btn: 'Read Online',
    },
    events: {
      title: 'Academic Events Every Week',
      desc: 'Author talks, reading circles, writing workshops and research clinics, open to all members.',
      btn: 'See Events',
    },
    studyRooms: {
      title: 'Reserve Study Rooms',
      desc: 'Quiet carrels and group rooms for focused study. Book a slot at the front desk or by phone.',
      btn: 'Book Now',
    },
    membership: {
      title: 'Library Membership Open',
      desc: `Join the library to borrow up to ${BORROW_LIMIT} books at a time, take part in our events and reserve study rooms.`,
      btn: 'Join Us',
    },
  },
  categoriesHeading: 'Browse by Category',
  categoriesIntro: 'Novels, thrillers, history, drama and science fiction.',
  loadingCategories: 'Loading categories',
  bookCount: (count: number) => `${count} ${count === 1 ? 'book' : 'books'}`,
  categoriesFailed: 'The categories could not be loaded. Please reload the page to try again.',
  /** Category names as the catalogue stores them (common/constants.ts), as shown to readers. */
  categoryNames: {
    Novel: 'Novel',
    Thriller: 'Thriller',
    History: 'History',
    Drama: 'Drama',
    'Sci-Fi': 'Sci-Fi',
  } as Record<string, string>,
  statisticsHeading: 'Discover Top Book Events in Bangladesh',
  statistics: {
    events: 'literary events organized',
    readers: 'readers engaged',
    authors: 'authors featured',
    borrowed: 'books borrowed and read',
    feedback: 'positive feedback',
  },
  partnersHeading: "Events & Organizations We've Collaborated With",
  partners: {
    nationalLibrary: {
      name: 'National Library of Bangladesh',
      desc: "The country's legal deposit library in Agargaon, Dhaka, preserving the nation's printed heritage.",
    },
    bishwoShahittoKendro: {
      name: 'Bishwo Shahitto Kendro',
      desc: 'A cultural centre and library in Dhaka that has championed reading and discussion since 1978.',
    },
    dhakaUniversity: {
      name: 'Dhaka University Central Library',
      desc: 'The central library of the University of Dhaka, a partner for research clinics and academic talks.',
    },
    shishuAcademy: {
      name: 'Bangladesh Shishu Academy Library',
      desc: "The children's library of Bangladesh Shishu Academy, co-host of our story hours and young readers' clubs.",
    },
    banglaAcademy: {
      name: 'Bangla Academy',
      desc: 'The national academy of the Bangla language and organiser of the Amar Ekushey Book Fair.',
    },
    boiBondhu: {
      name: 'Boi Bondhu Foundation',
      desc: 'A non-profit that runs reading circles and book drives in schools and neighbourhoods.',
    },
    shilpakalaAcademy: {
      name: 'Bangladesh Shilpakala Academy',
      desc: 'The national academy of fine and performing arts, our partner for drama readings and exhibitions.',
    },
    rokomari: {
      name: 'Rokomari',
      desc: 'An online bookstore that supports our book fairs and reading challenges.',
    },
    openSourceNetwork: {
      name: 'Bangladesh Open Source Network',
      desc: 'A community of developers and volunteers who lead our coding and digital skills workshops.',
    },
  },
};
