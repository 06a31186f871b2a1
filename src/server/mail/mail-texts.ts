/**
 * Every mail the library sends, its subject, text and HTML, in one place (docs/product.md#accounts), in
 * each language of the interface (§14): a member's mails are written in the language they chose
 * (better-auth's `user.lang`, set at sign-up and by the navbar's switch), English when unset.
 * To add a mail, add it to `MailTexts` and write it in both `english` and `bangla`.
 * The HTML is plain: one column, system fonts, the link written out as well as linked, so it
 * reads the same in any mail program, and the text part says the same for those showing no HTML.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/i18n/languages.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail, such as a calendar entry. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The words every mail of one language shares. */
export interface MailFrame {
  language: Language;
  /**
   * "Hello Name," or, when `name` is null, a greeting without it: mails to an address not yet
   * confirmed never carry the name typed at sign-up, since whoever typed it may not own the
   * address and a name is any text they chose (issue 30, issue 33).
   */
  greeting: (name: string | null) => string;
  signature: (appName: string) => string;
  buttonFails: string;
}

/** One mail from paragraphs, an action (a link) and a closing line. */
export function compose(
  frame: MailFrame,
  options: {
    subject: string;
    greeting: string;
    before: string[];
    action: { label: string; url: string };
    after: string[];
    appName: string;
  },
): MailContent {
  const { subject, greeting, before, action, after, appName } = options;
  const signature = frame.signature(appName);
  const text = [
    greeting,
    '',
    ...before.flatMap((line) => [line, '']),
    `${action.label}: ${action.url}`,
    '',
    ...after.flatMap((line) => [line, '']),
    signature,
    '',
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const url = escapeHtml(action.url);
  const html = `<!doctype html>
<html lang="${frame.language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="max-width:560px;margin:0 auto">
${paragraph(greeting)}
${before.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">${escapeHtml(frame.buttonFails)} <a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
${after.map(paragraph).join('\n')}
<p style="margin:24px 0 0;color:#4b5563">${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

/**
 * What every mail names. `name` is null when the member's address was never confirmed (see
 * `MailFrame.greeting`).
 */
interface MailOptions {
  name: string | null;
  url: string;
  appName: string;
}

/** What every notice mail names: the member, the book, the date it is about and the page to open. */
export interface NoticeMailOptions extends MailOptions {
  book: string;
  /** The due date, or the pickup deadline, written out for reading in the mail's language. */
  date: string;
}

export interface MailTexts {
  resetPassword: (options: MailOptions) => MailContent;
  verifyEmail: (options: MailOptions) => MailContent;
  dueSoon: (options: NoticeMailOptions) => MailContent;
  overdue: (options: NoticeMailOptions) => MailContent;
  holdReady: (options: NoticeMailOptions) => MailContent;
  holdExpired: (options: NoticeMailOptions) => MailContent;
  /** The membership's last day is near (docs/product/fines-and-membership.md); `book` is unused. */
  membershipExpiring: (options: NoticeMailOptions) => MailContent;
  /** A librarian cancelled the member's hold at the desk (docs/product/desk.md). */
  holdCancelled: (options: MailOptions & { book: string }) => MailContent;
  ebookReady: (options: NoticeMailOptions) => MailContent;
}

export const englishFrame: MailFrame = {
  language: 'en',
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  signature: (appName) => `${appName} library`,
  buttonFails: 'If the button does not work, open this address:',
};

const english: MailTexts = {
  resetPassword: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Reset your ${options.appName} password`,
      greeting: englishFrame.greeting(options.name),
      before: [
        'Someone, hopefully you, asked to choose a new password for your library account.',
        'The link below works once, for one hour.',
      ],
      action: { label: 'Choose a new password', url: options.url },
      after: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
    }),
  verifyEmail: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Confirm your e-mail address for ${options.appName}`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `Welcome to ${options.appName}. Please confirm that this address is yours, so the library can reach you about your loans and holds.`,
        'The link below works for one hour.',
      ],
      action: { label: 'Confirm my e-mail address', url: options.url },
      after: ['If you did not create an account, ignore this mail.'],
    }),
  dueSoon: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `"${options.book}" is due back on ${options.date}`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `A reminder: "${options.book}" is due back at the library on ${options.date}.`,
        'You can renew it online if nobody is waiting for it.',
      ],
      action: { label: 'See my borrowed books', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  overdue: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `"${options.book}" is overdue`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `"${options.book}" was due back on ${options.date}. Please return it as soon as you can: other members may be waiting for it.`,
        'While a book is overdue you cannot borrow another or place a hold.',
      ],
      action: { label: 'See my borrowed books', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  holdReady: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `"${options.book}" is waiting for you`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `Good news: a copy of "${options.book}" came back and is kept for you until ${options.date}.`,
        'After that it goes to the next member in the queue.',
      ],
      action: { label: 'Borrow it now', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  holdExpired: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Your hold on "${options.book}" has expired`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `The copy of "${options.book}" kept for you until ${options.date} was not borrowed in time, so it has gone to the next member.`,
        'You can place a new hold on the book whenever you like.',
      ],
      action: { label: 'See the book', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  membershipExpiring: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Your ${options.appName} membership ends on ${options.date}`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `Your library membership is valid until ${options.date}.`,
        'After that you cannot borrow, renew or place holds until it is renewed. Renew it at the desk; bring your library card.',
      ],
      action: { label: 'See my membership', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  holdCancelled: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Your hold on "${options.book}" was cancelled`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `The library's desk has cancelled your hold on "${options.book}".`,
        'If you still want the book, place a new hold or ask a librarian why.',
      ],
      action: { label: 'See the book', url: options.url },
      after: [],
    }),
  ebookReady: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Your turn to read "${options.book}"`,
      greeting: englishFrame.greeting(options.name),
      before: [
        `A digital copy of "${options.book}" is free, and it is kept for you until ${options.date}.`,
        'Borrow it before then to read it in your browser; after that it goes to the next member on the waiting list.',
      ],
      action: { label: 'Borrow it now', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
};

export const banglaFrame: MailFrame = {
  language: 'bn',
  greeting: (name) => `প্রিয় ${name ?? 'পাঠক'},`,
  signature: (appName) => `${appName} পাঠাগার`,
  buttonFails: 'বোতামটি কাজ না করলে এই ঠিকানাটি খুলুন:',
};

const bangla: MailTexts = {
  resetPassword: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `${options.appName}: আপনার পাসওয়ার্ড বদলান`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        'আপনার পাঠাগার অ্যাকাউন্টের জন্য নতুন পাসওয়ার্ড বেছে নেওয়ার অনুরোধ এসেছে, আশা করি আপনার কাছ থেকেই।',
        'নিচের লিংকটি একবারই, এক ঘণ্টার জন্য কাজ করবে।',
      ],
      action: { label: 'নতুন পাসওয়ার্ড বেছে নিন', url: options.url },
      after: [
        'আপনি এই অনুরোধ না করে থাকলে ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন ছিল তেমনই থাকবে।',
      ],
    }),
  verifyEmail: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `${options.appName}: আপনার ইমেইল ঠিকানা নিশ্চিত করুন`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `${options.appName}-এ স্বাগতম। অনুগ্রহ করে নিশ্চিত করুন যে ঠিকানাটি আপনার, যাতে ধার ও রিজার্ভের বিষয়ে পাঠাগার আপনার সঙ্গে যোগাযোগ করতে পারে।`,
        'নিচের লিংকটি এক ঘণ্টার জন্য কাজ করবে।',
      ],
      action: { label: 'ইমেইল ঠিকানা নিশ্চিত করুন', url: options.url },
      after: ['আপনি অ্যাকাউন্ট না খুলে থাকলে ইমেইলটি উপেক্ষা করুন।'],
    }),
  dueSoon: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `“${options.book}” ফেরতের তারিখ ${options.date}`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `মনে করিয়ে দিচ্ছি: “${options.book}” বইটি ${options.date}-এর মধ্যে পাঠাগারে ফেরত দিতে হবে।`,
        'কেউ রিজার্ভ না করে থাকলে অনলাইনে বইটির নবায়ন করতে পারেন।',
      ],
      action: { label: 'আমার ধার নেওয়া বই দেখুন', url: options.url },
      after: ['কোন কোন নোটিশ ইমেইলে পাবেন, তা আপনার প্রোফাইল পাতায় বেছে নিতে পারেন।'],
    }),
  overdue: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `“${options.book}” ফেরতের তারিখ পেরিয়ে গেছে`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `“${options.book}” বইটির ফেরতের তারিখ ছিল ${options.date}। অনুগ্রহ করে যত তাড়াতাড়ি সম্ভব ফেরত দিন: অন্য সদস্যরা হয়তো বইটির অপেক্ষায় আছেন।`,
        'কোনো বইয়ের ফেরতের তারিখ পেরিয়ে গেলে নতুন বই ধার বা রিজার্ভ করা যায় না।',
      ],
      action: { label: 'আমার ধার নেওয়া বই দেখুন', url: options.url },
      after: ['কোন কোন নোটিশ ইমেইলে পাবেন, তা আপনার প্রোফাইল পাতায় বেছে নিতে পারেন।'],
    }),
  holdReady: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `“${options.book}” আপনার জন্য রাখা আছে`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `সুখবর: “${options.book}” বইয়ের একটি কপি ফেরত এসেছে, ${options.date} পর্যন্ত আপনার জন্য রাখা থাকবে।`,
        'এর মধ্যে ধার না নিলে কপিটি অপেক্ষার তালিকার পরের সদস্য পাবেন।',
      ],
      action: { label: 'এখনই ধার নিন', url: options.url },
      after: ['কোন কোন নোটিশ ইমেইলে পাবেন, তা আপনার প্রোফাইল পাতায় বেছে নিতে পারেন।'],
    }),
  holdExpired: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `“${options.book}” বইয়ের রিজার্ভের মেয়াদ শেষ`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `“${options.book}” বইয়ের যে কপিটি ${options.date} পর্যন্ত আপনার জন্য রাখা ছিল, সময়মতো ধার না নেওয়ায় সেটি পরের সদস্যের কাছে গেছে।`,
        'যখন খুশি বইটি আবার রিজার্ভ করতে পারেন।',
      ],
      action: { label: 'বইটি দেখুন', url: options.url },
      after: ['কোন কোন নোটিশ ইমেইলে পাবেন, তা আপনার প্রোফাইল পাতায় বেছে নিতে পারেন।'],
    }),
  membershipExpiring: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `${options.appName}: আপনার সদস্যপদের মেয়াদ শেষ হবে ${options.date}`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `আপনার পাঠাগার সদস্যপদের মেয়াদ ${options.date} পর্যন্ত।`,
        'এরপর নবায়ন না করা পর্যন্ত বই ধার, নবায়ন বা রিজার্ভ করা যাবে না। লাইব্রেরি কার্ড নিয়ে ডেস্কে এসে নবায়ন করুন।',
      ],
      action: { label: 'আমার সদস্যপদ দেখুন', url: options.url },
      after: ['কোন কোন নোটিশ ইমেইলে পাবেন, তা আপনার প্রোফাইল পাতায় বেছে নিতে পারেন।'],
    }),
  holdCancelled: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `“${options.book}” বইয়ের রিজার্ভ বাতিল হয়েছে`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `পাঠাগারের ডেস্ক “${options.book}” বইয়ের আপনার রিজার্ভটি বাতিল করেছে।`,
        'বইটি এখনও চাইলে আবার রিজার্ভ করুন, অথবা কারণ জানতে একজন গ্রন্থাগারিককে জিজ্ঞেস করুন।',
      ],
      action: { label: 'বইটি দেখুন', url: options.url },
      after: [],
    }),
  ebookReady: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `“${options.book}” পড়ার পালা আপনার`,
      greeting: banglaFrame.greeting(options.name),
      before: [
        `“${options.book}” ই-বইয়ের একটি ডিজিটাল কপি খালি হয়েছে, ${options.date} পর্যন্ত আপনার জন্য রাখা থাকবে।`,
        'এর মধ্যে ধার নিয়ে ব্রাউজারেই পড়ুন; না নিলে কপিটি অপেক্ষার তালিকার পরের সদস্য পাবেন।',
      ],
      action: { label: 'এখনই ধার নিন', url: options.url },
      after: ['কোন কোন নোটিশ ইমেইলে পাবেন, তা আপনার প্রোফাইল পাতায় বেছে নিতে পারেন।'],
    }),
};

const mailTextsByLanguage: Record<Language, MailTexts> = { en: english, bn: bangla };

/** The mails in one language. */
export const mailTextsIn = (language: Language): MailTexts => mailTextsByLanguage[language];

/** The language a member's mails are written in: the one they chose, else English. */
export const languageOf = (user: object): Language => {
  const chosen = (user as { lang?: unknown }).lang;
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
};
