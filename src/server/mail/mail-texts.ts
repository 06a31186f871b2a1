/**
 * Every mail the library sends, its subject, text and HTML, in one place (DECISIONS.md §11).
 * The HTML is plain: one column, system fonts, the link written out as well as linked, so it
 * reads the same in any mail program, and the text part says the same for those showing no HTML.
 */

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

/** One mail from paragraphs, an action (a link) and a closing line. */
function compose(options: {
  subject: string;
  greeting: string;
  before: string[];
  action: { label: string; url: string };
  after: string[];
  appName: string;
}): MailContent {
  const { subject, greeting, before, action, after, appName } = options;
  const signature = `${appName} library`;
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
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="max-width:560px;margin:0 auto">
${paragraph(greeting)}
${before.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">If the button does not work, open this address: <a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
${after.map(paragraph).join('\n')}
<p style="margin:24px 0 0;color:#4b5563">${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

/** What every notice mail names: the member, the book, the date it is about and the page to open. */
export interface NoticeMailOptions {
  name: string;
  book: string;
  /** The due date, or the pickup deadline, written out for reading. */
  date: string;
  url: string;
  appName: string;
}

export const mailTexts = {
  resetPassword: (options: { name: string; url: string; appName: string }): MailContent =>
    compose({
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
  verifyEmail: (options: { name: string; url: string; appName: string }): MailContent =>
    compose({
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
  dueSoon: (options: NoticeMailOptions): MailContent =>
    compose({
      appName: options.appName,
      subject: `"${options.book}" is due back on ${options.date}`,
      greeting: `Hello ${options.name},`,
      before: [
        `A reminder: "${options.book}" is due back at the library on ${options.date}.`,
        'You can renew it online if nobody is waiting for it.',
      ],
      action: { label: 'See my borrowed books', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  overdue: (options: NoticeMailOptions): MailContent =>
    compose({
      appName: options.appName,
      subject: `"${options.book}" is overdue`,
      greeting: `Hello ${options.name},`,
      before: [
        `"${options.book}" was due back on ${options.date}. Please return it as soon as you can: other members may be waiting for it.`,
        'While a book is overdue you cannot borrow another or place a hold.',
      ],
      action: { label: 'See my borrowed books', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  holdReady: (options: NoticeMailOptions): MailContent =>
    compose({
      appName: options.appName,
      subject: `"${options.book}" is waiting for you`,
      greeting: `Hello ${options.name},`,
      before: [
        `Good news: a copy of "${options.book}" came back and is kept for you until ${options.date}.`,
        'After that it goes to the next member in the queue.',
      ],
      action: { label: 'Borrow it now', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
  holdExpired: (options: NoticeMailOptions): MailContent =>
    compose({
      appName: options.appName,
      subject: `Your hold on "${options.book}" has expired`,
      greeting: `Hello ${options.name},`,
      before: [
        `The copy of "${options.book}" kept for you until ${options.date} was not borrowed in time, so it has gone to the next member.`,
        'You can place a new hold on the book whenever you like.',
      ],
      action: { label: 'See the book', url: options.url },
      after: ['You can choose which notices you receive on your profile page.'],
    }),
};
