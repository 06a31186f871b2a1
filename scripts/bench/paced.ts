/**
 * Members at a reader's pace, for the latencies the mixed part judges. Each member has a
 * keep-alive connection of its own and, after each answer, waits a random time (exponential, with
 * a mean of 1 / `perSecond` seconds) before its next request, so members ask independently of each
 * other, as people do. autocannon's `connectionRate` cannot stand in: it releases every
 * connection's next request on the same tick each second, so all members arrive at once and the
 * latency measured is that burst's queue.
 */
import http from 'node:http';
import type autocannon from 'autocannon';

interface Prepared {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** The hooks of an autocannon request that the workloads use (mixed.ts's `timed`). */
interface Hooked extends Prepared {
  setupRequest?: (request: Prepared, context: object) => Prepared;
  onResponse?: (status: number, body: string, context: object) => void;
}

/**
 * One request of a workload, its hooks called as autocannon calls them: `context` is the
 * connection's, shared by its requests (a borrow's answer names the loan its renewal renews).
 */
function send(
  agent: http.Agent,
  origin: URL,
  workloadRequest: autocannon.Request,
  context: object,
): Promise<void> {
  const request = workloadRequest as Hooked;
  const prepared = request.setupRequest?.(request, context) ?? request;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: prepared.method ?? 'GET',
        path: prepared.path ?? '/',
        headers: prepared.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          request.onResponse?.(answer.statusCode ?? 0, body, context);
          resolve();
        });
        answer.on('error', reject);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The server closed a keep-alive connection (idle past its keepAliveTimeout) just as this
      // request was sent on it; a browser sends it again on a new one, as Node's docs advise.
      if (outgoing.reusedSocket && error.code === 'ECONNRESET')
        send(agent, origin, workloadRequest, context).then(resolve, reject);
      else reject(error);
    });
    outgoing.end(prepared.body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A reader's pause: exponential, so arrivals are a Poisson stream of `perSecond` a second. */
const thinkMs = (perSecond: number) => (-Math.log(1 - Math.random()) * 1000) / perSecond;

/**
 * `members` members, each repeating its own list of `workload()` requests at `perSecond`, for
 * `seconds`; answers the requests answered per second.
 */
export async function pacedLoad(
  url: string,
  workload: () => autocannon.Request[],
  members: number,
  seconds: number,
  perSecond: number,
): Promise<number> {
  const origin = new URL(url);
  const endsAt = performance.now() + seconds * 1000;
  let answered = 0;
  const member = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const requests = workload();
    const context = {};
    const pauseUntilEnd = (ms: number) => pause(Math.min(ms, endsAt - performance.now()));
    try {
      await pauseUntilEnd(Math.random() * (1000 / perSecond));
      for (let next = 0; performance.now() < endsAt; next += 1) {
        const request = requests[next % requests.length] as autocannon.Request;
        await send(agent, origin, request, context);
        answered += 1;
        await pauseUntilEnd(thinkMs(perSecond));
      }
    } finally {
      agent.destroy();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: members }, member));
  return answered / ((performance.now() - started) / 1000);
}
