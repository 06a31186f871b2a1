/**
 * A local HTTP SMS gateway, taking requests the way Bangladeshi gateways do (a GET or POST to one
 * address with the number and the text in it) and keeping every message it accepted, so tests
 * read what a member's phone would. It can refuse the next requests with a status of choice.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CaughtSms {
  /** The number as the gateway got it: `8801…`. */
  to: string;
  text: string;
  method: string;
}

export interface SmsGateway {
  /** The address for SMS_URL, `{to}` and `{text}` in its query. */
  url: string;
  /** The address alone, for a POST with SMS_BODY. */
  base: string;
  accepted: CaughtSms[];
  /** Every request that reached it, refused ones too. */
  requests: number;
  /** Answers the next `count` requests with `status` and takes none of them. */
  refuseNext(count: number, status: number): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
    return new URLSearchParams(JSON.parse(text || '{}') as Record<string, string>);
  }
  return new URLSearchParams(text);
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const refusals: number[] = [];
  const gateway = {
    accepted: [] as CaughtSms[],
    requests: 0,
    refuseNext(count: number, status: number) {
      for (let index = 0; index < count; index += 1) refusals.push(status);
    },
  };
  const server = createServer((request, response) => {
    void (async () => {
      gateway.requests += 1;
      const query = new URL(request.url ?? '/', 'http://gateway').searchParams;
      const body = request.method === 'POST' ? await bodyOf(request) : new URLSearchParams();
      const refusal = refusals.shift();
      if (refusal !== undefined) {
        response.writeHead(refusal, { 'content-type': 'application/json' });
        response.end('{"response_code":1007,"error_message":"Balance Insufficient"}');
        return;
      }
      gateway.accepted.push({
        to: query.get('number') ?? body.get('number') ?? '',
        text: query.get('message') ?? body.get('message') ?? '',
        method: request.method ?? '',
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"response_code":202,"success_message":"SMS Submitted Successfully"}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/smsapi`;
  return Object.assign(gateway, {
    base,
    url: `${base}?api_key=test-key&senderid=8809617000000&number={to}&message={text}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
