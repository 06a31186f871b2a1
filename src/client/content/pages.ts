/**
 * The pages behind the banner buttons and the footer's contact link (DECISIONS.md §7): digital
 * library, events, study rooms, membership and contact.
 */
import { BORROW_LIMIT } from '../../common/constants.ts';
import { paths } from '../lib/routes.ts';

export interface PageItem {
  heading: string;
  text: string;
}

export interface PageLink {
  label: string;
  link: string;
}

export interface LibraryEvent {
  name: string;
  day: string;
  time: string;
  place: string;
  description: string;
}

export interface StudyRoom {
  name: string;
  capacity: number;
  description: string;
}

export interface OpeningHours {
  days: string;
  hours: string;
}

export const contactPage = {
  title: 'Contact Us',
  intro:
    'Questions about your membership, a loan or an event? Visit us, call or write, and the front desk will be glad to help.',
  address: ['House 12, Road 7, Dhanmondi', 'Dhaka 1205', 'Bangladesh'],
  phone: '+880 2-5566-1010',
  email: 'desk@citylibrary.example',
  hours: [
    { days: 'Saturday to Thursday', hours: '9:00 am to 8:00 pm' },
    { days: 'Friday', hours: '3:00 pm to 8:00 pm' },
    { days: 'Public holidays', hours: 'Closed' },
  ] satisfies OpeningHours[],
};

export const readOnlinePage = {
  title: 'Digital Library, Open 24/7',
  intro:
    'The library never closes online. Wherever you are, day or night, you can explore the collection, check what is on the shelf and manage your loans.',
  items: [
    {
      heading: 'Browse the catalogue any time',
      text: 'Every book in the collection has its own page with its author, category, rating, a short description and a longer introduction to help you choose.',
    },
    {
      heading: 'See what is available',
      text: 'Each book shows how many copies are available right now, and you can list only the books that are on the shelf.',
    },
    {
      heading: 'Borrow from home',
      text: `Members can borrow up to ${BORROW_LIMIT} books at a time online, choosing the borrowed date and the return date themselves.`,
    },
    {
      heading: 'Keep track of your loans',
      text: 'Your Borrowed Books page lists every book you hold with its return date, and returning a book takes a single click.',
    },
  ] satisfies PageItem[],
  action: { label: 'Explore the collection', link: paths.search() } satisfies PageLink,
};

export const eventsPage = {
  title: 'Weekly Academic Events',
  intro:
    'Every week the library hosts talks, workshops and clubs for readers of all ages. Events are free for members; seats are limited, so please arrive a few minutes early.',
  events: [
    {
      name: 'Saturday Reading Circle',
      day: 'Saturday',
      time: '4:00 pm to 5:30 pm',
      place: 'Reading Room 1, ground floor',
      description:
        'Members read one novel a month together and meet each week to discuss a few chapters over tea.',
    },
    {
      name: 'Research Skills Clinic',
      day: 'Sunday',
      time: '3:00 pm to 4:30 pm',
      place: 'Seminar Room, first floor',
      description:
        'Librarians help students find reliable sources, search journal databases and cite their references correctly.',
    },
    {
      name: 'Meet the Author',
      day: 'Tuesday',
      time: '5:00 pm to 6:30 pm',
      place: 'Auditorium',
      description:
        'A writer, translator or researcher talks about their work and answers questions from the audience.',
    },
    {
      name: 'Young Scientists Club',
      day: 'Wednesday',
      time: '3:30 pm to 5:00 pm',
      place: "Children's Corner",
      description: 'Simple experiments and science fiction stories for readers aged 10 to 15.',
    },
    {
      name: 'Writing Workshop',
      day: 'Thursday',
      time: '4:00 pm to 6:00 pm',
      place: 'Seminar Room, first floor',
      description:
        'Short exercises and friendly feedback on poems, stories and essays, in Bangla or English.',
    },
  ] satisfies LibraryEvent[],
};

export const studyRoomsPage = {
  title: 'Study Rooms',
  intro:
    'Quiet, well-lit spaces for individual and group study, available to members during opening hours.',
  rooms: [
    {
      name: 'Study Carrels',
      capacity: 1,
      description:
        'Twelve single desks by the windows on the first floor, each with a lamp and a power socket.',
    },
    {
      name: 'Group Room A',
      capacity: 4,
      description:
        'A small room with a whiteboard, suited to project work and revision in pairs or small groups.',
    },
    {
      name: 'Group Room B',
      capacity: 6,
      description:
        'A whiteboard and a screen you can connect a laptop to, ideal for practising presentations.',
    },
    {
      name: 'Seminar Room',
      capacity: 20,
      description:
        'For tutorials, study groups and society meetings. Please book at least three days ahead.',
    },
  ] satisfies StudyRoom[],
  booking: [
    {
      heading: 'At the front desk',
      text: 'Ask at the front desk on the ground floor. Rooms are booked in two-hour slots, up to a week in advance.',
    },
    {
      heading: 'By phone',
      text: `Call the front desk on ${contactPage.phone} during opening hours and give your name and the email address of your account.`,
    },
    {
      heading: 'When you arrive',
      text: 'A booking is held for fifteen minutes after its start time. Please keep voices low and leave the room as you found it.',
    },
  ] satisfies PageItem[],
};

export const membershipPage = {
  title: 'Library Membership',
  intro:
    'Membership is open. Join the library to borrow books, take part in our events and use our study spaces.',
  eligibility: [
    'Anyone who lives, works or studies in Bangladesh can join.',
    'Readers under 12 join with a parent or guardian, who registers for them.',
    'Each member needs their own email address and account.',
  ],
  benefits: [
    `Borrow up to ${BORROW_LIMIT} books at a time from the whole collection.`,
    'Join our weekly talks, reading circles and workshops.',
    'Reserve study carrels and group rooms.',
    'Use the reading rooms, computers and Wi-Fi during opening hours.',
  ],
  steps: [
    'Register online with your name, email address, a photo URL and a password.',
    'Sign in to browse the full catalogue and see which books are available.',
    'Borrow a book, choosing the borrowed date and the return date.',
    'Bring a photo ID on your first visit so the front desk can confirm your membership.',
  ],
  action: { label: 'Register now', link: '/register' } satisfies PageLink,
};
