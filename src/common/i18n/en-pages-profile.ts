/**
 * The English texts of the profile page: a part of en-pages.ts, the pages most visitors never
 * open, which load them through src/client/lib/page-texts.ts.
 */
import type { NoticeEmailState, NoticeKind, SmsNoticeKind } from '../constants.ts';
import type { ErrorCode } from '../error-codes.ts';

/** The Profile page (docs/product.md#accounts). */
export const profileTexts = {
  heading: 'Profile',
  intro: 'Your details, your password, what the library tells you, and your data.',

  detailsHeading: 'Your details',
  name: 'Name',
  email: 'Email',
  emailHint: 'The address you sign in with and the library writes to.',
  emailUnconfirmed: 'Not confirmed yet: open the link in the mail the library sent you.',
  sendAgain: 'Send the mail again',
  sentAgain: (email: string) => `A new confirmation mail is on its way to ${email}.`,
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
    ebookReady: 'An e-book you wait for is kept for you',
    membershipExpiring: 'Your membership ends in two weeks',
  } satisfies Record<NoticeKind, string>,

  phone: {
    heading: 'Mobile number and SMS',
    intro:
      'Add a Bangladeshi mobile number to have notices by SMS too. We send a code to confirm it.',
    number: 'Mobile number',
    numberHint: '+8801 and nine digits, such as 01712345678.',
    sendCode: 'Send code',
    codeSent: (phone: string) => `We sent a six-digit code to ${phone}. It works for 10 minutes.`,
    code: 'Code from the SMS',
    confirm: 'Confirm number',
    newCode: 'Send a new code',
    confirmed: 'Confirmed',
    notConfirmed: 'Not confirmed yet',
    yourNumber: 'Your number',
    change: 'Change number',
    cancel: 'Cancel',
    remove: 'Remove number',
    removed: 'Number removed',
    verified: 'Number confirmed',
    smsHeading: 'Notices by SMS',
    smsIntro: 'Choose what the library may tell you by SMS, in the language you use here.',
    smsNeedsNumber: 'Confirm your mobile number to choose notices by SMS.',
    saveSms: 'Save SMS choices',
    smsSaved: 'SMS choices saved',
    smsLabels: {
      dueSoon: 'A book is due in two days',
      overdue: 'A book is overdue',
      holdReady: 'A book you hold is ready for you',
      roomReminder: 'Your study room booking starts in two hours',
      eventReminder: 'An event you registered for is tomorrow',
    } satisfies Record<SmsNoticeKind, string>,
    failures: {
      INVALID_PHONE:
        'Please give a Bangladeshi mobile number: +8801 and nine digits, such as +8801712345678.',
      INVALID_CODE: 'This is not the code we sent. Please check the SMS and try again.',
      CODE_EXPIRED:
        'This code no longer works (it lasts 10 minutes and 5 tries). Please ask for a new one.',
      PHONE_NOT_VERIFIED:
        'Please add your mobile number and confirm it with the code we send before choosing SMS.',
      RATE_LIMITED: 'You can ask for at most 3 codes an hour. Please try again later.',
      OTHER: 'That did not work. Please try again.',
    } satisfies Partial<Record<ErrorCode | 'OTHER', string>>,
  },

  noticesHeading: 'Your notices',
  noNotices: 'No notices yet. Reminders about your loans and holds will show here.',
  noticeTitles: {
    dueSoon: (book: string, date: string) => `"${book}" is due back on ${date}`,
    overdue: (book: string, date: string) => `"${book}" was due back on ${date}`,
    holdReady: (book: string, date: string) => `"${book}" is kept for you until ${date}`,
    holdExpired: (book: string, date: string) => `Your hold on "${book}" expired on ${date}`,
    ebookReady: (book: string, date: string) =>
      `A digital copy of "${book}" is kept for you until ${date}`,
  } satisfies Record<
    Exclude<NoticeKind, 'membershipExpiring'>,
    (book: string, date: string) => string
  >,
  membershipNoticeTitle: (date: string) => `Your membership ends on ${date}`,
  noticeSent: (when: string) => `Noticed ${when}`,
  emailStates: {
    pending: 'E-mail on its way',
    sent: 'E-mailed',
    optedOut: 'Not e-mailed (your choice)',
    failed: 'E-mail could not be delivered',
  } satisfies Record<NoticeEmailState, string>,

  dataHeading: 'Your data',
  dataIntro:
    'Download everything the library keeps about you: your details, your loans and their history, your holds and your notices.',
  download: 'Download my data (JSON)',

  deleteHeading: 'Delete account',
  deleteIntro:
    'Deleting your account signs you out everywhere and removes your details, holds and notices. The library keeps the record of the books you borrowed, without your name or e-mail.',
  deletePassword: 'Your password',
  wrongPassword: 'The password is not right.',
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
  // Where the e-mail confirmation link lands
  confirmedTitle: 'Your e-mail address is confirmed',
  confirmedText: 'Thank you. The library can now reach you about your loans, holds and bookings.',
  notConfirmedTitle: 'This link did not work',
  notConfirmedText:
    'The confirmation link has expired or is not valid, so your address is not confirmed yet. Ask at the desk and a librarian will help.',
  browseBooks: 'Browse the books',
};
