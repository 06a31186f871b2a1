/**
 * Mail through nodemailer (docs/product.md#accounts): to the SMTP server of `SMTP_URL`, or, when none is
 * set, as an `.eml` file per mail under `OUTBOX_DIR`, so a library without a mail server (and a
 * developer) can still open every mail. Each mail is logged in one line with its recipient and
 * subject, never its text: the text carries sign-in links.
 *
 * Only the notices' outbox sends (notices/notices.service.ts): every mail is a row written by the
 * change that causes it, so sending never holds up that change's answer. Closing the app waits
 * for the mails still being sent.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../on-first-use.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSettings } from '../config.ts';
import type { MailContent } from './mail-texts.ts';

export interface Mailer {
  /**
   * Sends one mail and settles once the SMTP server has accepted it (or it is in the outbox);
   * rejects when it was not. `messageId` is the mail's Message-ID, the same on every attempt, so
   * mail systems can tell a second copy for what it is (the notices' outbox relies on it), and
   * names its outbox file, so a second attempt replaces the first.
   */
  deliver(to: string, content: MailContent, options: { messageId: string }): Promise<void>;
  /** Waits for every mail being sent, then closes the connection to the SMTP server. */
  close(): Promise<void>;
}

/**
 * Bounds on every SMTP exchange (nodemailer waits up to 10 minutes for a silent server): a send
 * must end well within the notices' lease (notices.service.ts), so no second process takes a
 * notice while the first may still be sending it.
 */
const SMTP_TIMEOUTS_MS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
};

/** An outbox file name of a mail with a Message-ID: the same for every attempt at that mail. */
const fileNameOf = (messageId: string) =>
  `${messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_')}.eml`;

export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  let smtp: Transporter | undefined;
  let builder: Transporter | undefined;
  // nodemailer is loaded by the first mail (on-first-use.ts).
  const transports = onFirstUse(async () => {
    const { default: nodemailer } = await import('nodemailer');
    if (settings.smtpUrl)
      smtp = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS_MS });
    // Builds the raw message (headers, text and HTML parts) without sending it anywhere.
    else builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  });
  const pending = new Set<Promise<void>>();

  async function deliver(to: string, content: MailContent, messageId: string) {
    await transports();
    const message = { from: settings.from, to, ...content, messageId };
    if (smtp) {
      await smtp.sendMail(message);
      log.info({ to, subject: content.subject }, 'mail sent');
      return;
    }
    const built = await builder!.sendMail(message);
    await mkdir(settings.outboxDir, { recursive: true });
    const file = path.join(settings.outboxDir, fileNameOf(messageId));
    // Only the server's user may read it: it may hold a password-reset link.
    await writeFile(file, built.message as Buffer, { mode: 0o600 });
    log.info({ to, subject: content.subject, file }, 'mail written to the outbox');
  }

  return {
    async deliver(to, content, { messageId }) {
      const sending = deliver(to, content, messageId);
      const settled = sending.catch(() => {}).finally(() => pending.delete(settled));
      pending.add(settled);
      await sending;
    },
    async close() {
      await Promise.allSettled([...pending]);
      smtp?.close();
      builder?.close();
    },
  };
}
