/** The text of the privacy page (SPEC.md §2 Privacy), true to what the app stores and sends. */
import { BORROW_LIMIT } from '../../common/constants.ts';

export interface PrivacySection {
  heading: string;
  text: string;
}

export const privacyTitle = 'Our Privacy Policy';

export const privacySections: PrivacySection[] = [
  {
    heading: 'Data We Collect',
    text: "When you register, we store your name, your email address, the photo URL you give us and your password, which is kept only as a hash. If you sign in with Google instead, Google shares your name, email address and profile picture with us, and we keep the tokens that link your account to Google. For every loan we record the book, your name and email, the borrowed date and the return date. Each sign-in creates a session record that includes your IP address and your browser's description.",
  },
  {
    heading: 'Why We Collect Your Data',
    text: `We use your data to create and protect your account, to show your name and photo while you are signed in, and to run the lending service: recording loans, applying the limit of ${BORROW_LIMIT} books at a time and letting library staff reach you about a loan. We do not sell your data, show advertising or build profiles of your reading.`,
  },
  {
    heading: 'Data Security',
    text: "Passwords are stored only as salted hashes, never as you typed them. Your session lives in an httpOnly cookie that scripts on the page cannot read, and every change you make is checked against cross-site request forgery. Sign-in and registration attempts are rate limited. The only thing this site keeps in your browser's local storage is your choice of light or dark theme.",
  },
  {
    heading: 'Third-Party Services',
    text: "This site loads no external scripts, fonts, analytics or trackers: its pages, book covers and logos are all served by the library. Google is involved only if you choose to sign in with Google, and then Google's own privacy policy applies to that sign-in. If your photo URL points to another website, your browser fetches the picture from that site. Our social media links open those sites in a new tab, under their own policies.",
  },
  {
    heading: 'Your Rights',
    text: 'You may ask to see the data we hold about you, to correct it, or to have your account and its loan records deleted. Returning a book removes its loan record. To make a request, speak to the staff at the front desk or write to us using the details on our contact page.',
  },
];
