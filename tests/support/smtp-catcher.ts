/**
 * A real SMTP server (the npm package smtp-server, nodemailer's own) on a loopback port, keeping
 * every mail it receives, so tests read what a member's mail program would.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's recipients, as the server was told to deliver it. */
  to: string[];
  from: string;
  subject: string;
  raw: string;
  /** The text part, decoded from quoted-printable (the encoding nodemailer picks for these texts). */
  text: string;
  html: string;
}

/** Decodes quoted-printable: soft line breaks and `=XX` bytes (UTF-8). */
function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3));
    if (hex?.[1]) {
      bytes.push(parseInt(hex[1], 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The body of the MIME part with this content type, decoded. */
function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (start < 0) return '';
  const rest = raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, '');
  const end = body.search(/\r?\n--/);
  const content = end < 0 ? body : body.slice(0, end);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return decodeQuotedPrintable(content);
  }
  return content;
}

/**
 * A header in RFC 2047's encoded words (`=?UTF-8?B?…?=` or `?Q?`), as nodemailer writes a subject
 * that is not ASCII, e.g. a Bangla one; the blanks between two encoded words are not text.
 */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export function parseMail(raw: string, to: string[] = [], from = ''): CaughtMail {
  const headerBlock = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(headerBlock)?.[1]?.trim() ?? '');
  return { to, from, subject, raw, text: part(raw, 'text/plain'), html: part(raw, 'text/html') };
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** The `nth` mail (1 = the first) received to `address` whose subject contains `subject`, once it has come. */
  mailTo(address: string, subject: string, nth?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiting = new Set<() => boolean>();
  const matching = (address: string, subject: string) =>
    mails.filter(
      (mail) => mail.to.includes(address.toLowerCase()) && mail.subject.includes(subject),
    );
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to, from);
        mails.push(mail);
        for (const settled of [...waiting]) if (settled()) waiting.delete(settled);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailTo(address, subject, nth = 1) {
      return new Promise((resolve) => {
        const settled = () => {
          const found = matching(address, subject)[nth - 1];
          if (found) resolve(found);
          return found !== undefined;
        };
        if (!settled()) waiting.add(settled);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
