/**
 * Every mail the library sends, its subject, text and HTML, in one place (DECISIONS.md §11), in
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
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The words every mail of one language shares. */
interface MailFrame {
  language: Language;
  signature: (appName: string) => string;
  buttonFails: string;
}

/** One mail from paragraphs, an action (a link) and a closing line. */
function compose(
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

interface MailOptions {
  name: string;
  url: string;
  appName: string;
}

export interface MailTexts {
  resetPassword: (options: MailOptions) => MailContent;
  verifyEmail: (options: MailOptions) => MailContent;
}

const englishFrame: MailFrame = {
  language: 'en',
  signature: (appName) => `${appName} library`,
  buttonFails: 'If the button does not work, open this address:',
};

const english: MailTexts = {
  resetPassword: (options) =>
    compose(englishFrame, {
      appName: options.appName,
      subject: `Reset your ${options.appName} password`,
      greeting: `Hello ${options.name},`,
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
      greeting: `Hello ${options.name},`,
      before: [
        `Welcome to ${options.appName}. Please confirm that this address is yours, so the library can reach you about your loans and holds.`,
        'The link below works for one hour.',
      ],
      action: { label: 'Confirm my e-mail address', url: options.url },
      after: ['If you did not create an account, ignore this mail.'],
    }),
};

const banglaFrame: MailFrame = {
  language: 'bn',
  signature: (appName) => `${appName} পাঠাগার`,
  buttonFails: 'বোতামটি কাজ না করলে এই ঠিকানাটি খুলুন:',
};

const bangla: MailTexts = {
  resetPassword: (options) =>
    compose(banglaFrame, {
      appName: options.appName,
      subject: `${options.appName}: আপনার পাসওয়ার্ড বদলান`,
      greeting: `প্রিয় ${options.name},`,
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
      greeting: `প্রিয় ${options.name},`,
      before: [
        `${options.appName}-এ স্বাগতম। অনুগ্রহ করে নিশ্চিত করুন যে ঠিকানাটি আপনার, যাতে ধার ও রিজার্ভের বিষয়ে পাঠাগার আপনার সঙ্গে যোগাযোগ করতে পারে।`,
        'নিচের লিংকটি এক ঘণ্টার জন্য কাজ করবে।',
      ],
      action: { label: 'ইমেইল ঠিকানা নিশ্চিত করুন', url: options.url },
      after: ['আপনি অ্যাকাউন্ট না খুলে থাকলে ইমেইলটি উপেক্ষা করুন।'],
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
