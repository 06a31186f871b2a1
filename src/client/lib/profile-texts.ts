/**
 * Every text of the Profile page (DECISIONS.md §11): the member's details, password, notices by
 * e-mail, the notices list, the data download and deleting the account. One object for the one
 * screen, so the Bangla catalogue can take it over whole.
 */
import type { NoticeKind } from '../../common/constants.ts';
import type { Notice } from '../../common/types.ts';

export const profileTexts = {
  /** The navbar's photo, which opens the Profile page. */
  avatarLink: (name: string) => `Profile (signed in as ${name})`,
  heading: 'Profile',
  intro: 'Your details, your password, what the library tells you, and your data.',

  detailsHeading: 'Your details',
  name: 'Name',
  email: 'Email',
  emailHint: 'The address you sign in with and the library writes to.',
  photo: 'Photo URL',
  photoHint: 'Upload a photo, or give its http(s) address or a path on this site.',
  saveDetails: 'Save details',
  detailsSaved: 'Details saved',

  passwordHeading: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  currentPasswordRequired: 'Current password is required',
  wrongCurrentPassword: 'The current password is not right.',
  changePassword: 'Change password',
  passwordChanged: 'Password changed',
  passwordChangedText: 'Your other devices have been signed out.',

  choicesHeading: 'Notices by e-mail',
  choicesIntro: 'Choose what the library may tell you by e-mail. Every notice also shows below.',
  saveChoices: 'Save choices',
  choicesSaved: 'Choices saved',
  choiceLabels: {
    dueSoon: 'A book is due in two days',
    overdue: 'A book is overdue',
    holdReady: 'A book you hold is ready for you',
    holdExpired: 'A hold expired before you borrowed the book',
  } satisfies Record<NoticeKind, string>,

  noticesHeading: 'Your notices',
  noNotices: 'No notices yet. Reminders about your loans and holds will show here.',
  noticeTitles: {
    dueSoon: (book: string, date: string) => `"${book}" is due back on ${date}`,
    overdue: (book: string, date: string) => `"${book}" was due back on ${date}`,
    holdReady: (book: string, date: string) => `"${book}" is kept for you until ${date}`,
    holdExpired: (book: string, date: string) => `Your hold on "${book}" expired on ${date}`,
  } satisfies Record<NoticeKind, (book: string, date: string) => string>,
  noticeSent: (when: string) => `Noticed ${when}`,
  emailStates: {
    pending: 'E-mail on its way',
    sent: 'E-mailed',
    optedOut: 'Not e-mailed (your choice)',
    failed: 'E-mail could not be delivered',
  } satisfies Record<Notice['email'], string>,

  dataHeading: 'Your data',
  dataIntro:
    'Download everything the library keeps about you: your details, your loans and their history, your holds and your notices.',
  download: 'Download my data (JSON)',

  deleteHeading: 'Delete account',
  deleteIntro:
    'Deleting your account signs you out everywhere and removes your details, holds and notices. The library keeps the record of the books you borrowed, without your name or e-mail.',
  deleteButton: 'Delete my account',
  confirmDelete: {
    title: 'Delete your account?',
    text: 'This cannot be undone. Your holds are cancelled and you are signed out.',
    confirm: 'Yes, delete it',
    cancel: 'Keep my account',
  },
  openLoans: {
    title: 'Books Still on Loan',
    text: 'Please return your borrowed books before deleting your account.',
  },
  deleted: {
    title: 'Account Deleted',
    text: 'Your account is gone. Thank you for reading with us.',
  },
  failed: 'Something went wrong. Please try again.',
};
