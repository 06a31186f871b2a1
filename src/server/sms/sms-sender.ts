/**
 * SMS to a member's phone (docs/product.md#sms), through one of two providers behind one
 * interface, chosen by SMS_PROVIDER:
 * - `outbox` (the embedded default): each message is written as a text file under SMS_OUTBOX_DIR,
 *   named after its outbox row (a second attempt replaces the first), and logged in one line;
 * - `http`: a gateway reached the way Bangladeshi gateways take requests
 *   (docs/operations.md#sms-gateways): SMS_URL with `{to}` (`8801…`, no plus) and `{text}`,
 *   URL-encoded where they stand in the URL; SMS_METHOD GET, or POST with SMS_BODY, a form or
 *   JSON template with the same placeholders. A 2xx answer is success; any other answer, a
 *   timeout or a refused connection rejects, and the notices' outbox tries again later.
 * Only the outbox sends (notices/notices.service.ts). The text is never logged: it may be a code.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSettings } from '../config.ts';
import { smsLength } from './sms-length.ts';

export interface SmsSender {
  /**
   * Sends one SMS to `to` (`+8801…`); settles once the gateway took it, rejects when it did not.
   * `id` is the same for every attempt at one message.
   */
  send(to: string, text: string, options: { id: string }): Promise<void>;
}

/**
 * How long a gateway may take to answer: far within the notices' lease, so no other process
 * takes a message while this one may still be sending it.
 */
const GATEWAY_TIMEOUT_MS = 15_000;
/** What of a refusal's answer is logged: the gateway's own words, such as an error code. */
const ANSWER_LOGGED = 300;

/** The gateway's form of a number: `8801…`, without the plus. */
const gatewayNumber = (to: string) => to.replace(/^\+/, '');

/** A template with `{to}` and `{text}` filled in, each value written by `encode`. */
const fill = (template: string, values: Record<string, string>, encode: (v: string) => string) =>
  template.replace(/\{(to|text)\}/g, (_, name: string) => encode(values[name] ?? ''));

const isJson = (body: string) => /^[[{]/.test(body.trim());

/** The request one SMS makes of the gateway. */
export function gatewayRequest(
  settings: Extract<SmsSettings, { provider: 'http' }>,
  to: string,
  text: string,
): { url: string; init: RequestInit } {
  const values = { to: gatewayNumber(to), text };
  const url = fill(settings.url, values, encodeURIComponent);
  if (settings.method === 'GET' || settings.body === null) {
    return { url, init: { method: settings.method } };
  }
  const json = isJson(settings.body);
  const body = json
    ? fill(settings.body, values, (value) => JSON.stringify(value).slice(1, -1))
    : fill(settings.body, values, encodeURIComponent);
  const contentType = json
    ? 'application/json; charset=utf-8'
    : 'application/x-www-form-urlencoded; charset=utf-8';
  return { url, init: { method: 'POST', body, headers: { 'content-type': contentType } } };
}

function httpSender(
  settings: Extract<SmsSettings, { provider: 'http' }>,
  log: FastifyBaseLogger,
): SmsSender {
  // The address may carry the gateway's key: only its host is logged.
  const gateway = new URL(settings.url.replace(/[{}]/g, '')).host;
  return {
    async send(to, text, { id }) {
      const { url, init } = gatewayRequest(settings, to, text);
      let answer: Response;
      try {
        answer = await fetch(url, {
          ...init,
          redirect: 'manual',
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        log.warn({ sms: id, to, gateway, err: error }, `SMS gateway ${reason}`);
        throw new Error(`SMS gateway ${gateway} ${reason}`, { cause: error });
      }
      const said = (await answer.text().catch(() => '')).slice(0, ANSWER_LOGGED);
      if (answer.status < 200 || answer.status > 299) {
        log.warn(
          { sms: id, to, gateway, status: answer.status, answer: said },
          'SMS gateway refused',
        );
        throw new Error(`SMS gateway ${gateway} answered ${answer.status}`);
      }
      // Gateways answer their own refusals (no balance) with a 200 too: their words are kept.
      log.info({ sms: id, to, gateway, parts: smsLength(text).parts, answer: said }, 'SMS sent');
    },
  };
}

function outboxSender(outboxDir: string, log: FastifyBaseLogger): SmsSender {
  return {
    async send(to, text, { id }) {
      const { parts, encoding } = smsLength(text);
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${id.replace(/[^\w.-]/g, '_')}.txt`);
      // Only the server's user may read it: it may hold a code.
      await writeFile(file, `To: ${to}\nParts: ${parts} (${encoding})\n\n${text}\n`, {
        mode: 0o600,
      });
      log.info({ sms: id, to, parts, file }, 'SMS written to the outbox');
    },
  };
}

export function createSmsSender(settings: SmsSettings, log: FastifyBaseLogger): SmsSender {
  return settings.provider === 'http'
    ? httpSender(settings, log)
    : outboxSender(settings.outboxDir, log);
}
