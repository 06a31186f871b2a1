/** The text of the terms page (SPEC.md §2 Terms): seven collapsible items, in order. */
import { BORROW_LIMIT } from '../../common/constants.ts';

export interface TermsItem {
  heading: string;
  text: string;
}

export const termsTitle = 'Library Terms & Conditions';

export const termsItems: TermsItem[] = [
  {
    heading: 'Membership Eligibility',
    text: 'Anyone may become a member by registering with their own name and a valid email address and accepting these terms. Children under 12 should be registered by a parent or guardian, who takes responsibility for their loans. Each account belongs to one person and may not be shared or transferred.',
  },
  {
    heading: 'Borrowing Rules',
    text: `Members may hold at most ${BORROW_LIMIT} books at a time and only one copy of any title. A book can be borrowed only while a copy is available. When you borrow, you choose a borrowed date and a return date; please return the book by that date so other readers can enjoy it. A borrowed book is your responsibility until it has been returned.`,
  },
  {
    heading: 'Fines and Fees',
    text: 'Books that are returned late, damaged or lost may incur a fine or a replacement charge. Fines and fees are set by the library and posted at the front desk, and staff will explain any charge before it is applied. Members with unpaid charges may be asked to settle them before borrowing again.',
  },
  {
    heading: 'Use of Library Facilities',
    text: 'Reading rooms, study rooms, computers and Wi-Fi are provided for reading, study and research. Please keep noise low, handle books and equipment with care, and keep food out of the reading rooms. Study rooms must be booked in advance and left as you found them. Staff may ask anyone who disturbs other readers to leave.',
  },
  {
    heading: 'Intellectual Property',
    text: 'Books and other materials in the collection remain protected by copyright: do not copy, scan or share them beyond what the law allows. The descriptions and cover designs on this site are provided for personal use. When you add or update a book, make sure that what you write is your own or that you have the right to share it.',
  },
  {
    heading: 'Privacy Policy',
    text: 'We collect only the information needed to run your account and your loans, and we never sell it or use it for advertising. Our Privacy Policy explains what we collect, why, how we protect it and what your rights are.',
  },
  {
    heading: 'Changes to Terms',
    text: 'The library may update these terms from time to time. Changes are published on this page and at the front desk and apply from the day they are published. By continuing to use the library and this site after a change, you accept the updated terms.',
  },
];
