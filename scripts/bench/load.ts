/**
 * Load for the benchmark: autocannon runs in this process against a server in another, while the
 * server's resident memory is sampled from /proc (Linux), so client and server never share a
 * thread and the figure is the server's alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freePort } from '../../tests/support/postgres-cluster.ts';

export interface LoadSettings {
  duration: number;
  connections: number;
}

export interface Measurement {
  endpoint: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Each turn's own requests per second, to show how far they drift apart. */
  turnRates: number[];
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failures: number;
  /** The server's largest resident set during the run, in MB; null off Linux. */
  peakMemoryMb: number | null;
}

export type Requests = NonNullable<autocannon.Options['requests']>;

/** What each connection sends, in a loop; a function is called once per connection. */
export type Workload = Requests | (() => Requests);

const SAMPLE_EVERY_MS = 200;

function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = status.match(/^VmRSS:\s+(\d+)/m)?.[1];
    return kilobytes ? Math.round(Number(kilobytes) / 1024) : null;
  } catch {
    return null;
  }
}

/** Samples a process's memory until stopped; answers the peak. */
function samplePeakMemory(pid: number): () => number | null {
  let peak: number | null = residentMb(pid);
  const timer = setInterval(() => {
    const now = residentMb(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, SAMPLE_EVERY_MS);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * Loads `url` from `connections` connections for `seconds`; `onAnswer`, if given, hears every
 * answer's time in ms.
 */
export function fire(
  url: string,
  workload: Workload,
  seconds: number,
  connections: number,
  onAnswer?: (ms: number) => void,
): Promise<autocannon.Result> {
  const perConnection = typeof workload === 'function' ? workload : () => workload;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: perConnection(),
        // Each connection gets its own copy, so one connection's member and books are its own.
        setupClient: (client) => client.setRequests(perConnection()),
      },
      (error: unknown, result) => (error ? reject(error) : resolve(result)),
    );
    if (onAnswer) instance.on('response', (_client, _status, _bytes, ms: number) => onAnswer(ms));
  });
}

/** How many turns each server takes at an endpoint; its figures are the turns' answers pooled. */
export const ROUNDS = 3;

export interface Participant {
  url: string;
  /** The process whose memory is reported. */
  pid: number;
  workload: Workload;
  /** Undoes what a turn cut short left behind (a loan borrowed but not yet returned). */
  settle?: () => Promise<void>;
}

/** One turn: its answers' times (ms), how long it ran, its failures and peak memory. */
interface Turn {
  answersMs: number[];
  seconds: number;
  failures: number;
  peakMemoryMb: number | null;
}

async function measureOnce(
  participant: Participant,
  seconds: number,
  connections: number,
): Promise<Turn> {
  const stopSampling = samplePeakMemory(participant.pid);
  const answersMs: number[] = [];
  const result = await fire(participant.url, participant.workload, seconds, connections, (ms) =>
    answersMs.push(ms),
  );
  return {
    answersMs,
    seconds: result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
    peakMemoryMb: stopSampling(),
  };
}

/** Milliseconds to a tenth. */
export const tenths = (ms: number) => Math.round(ms * 10) / 10;

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

/**
 * The turns together: every answer of every turn in one rate and one set of percentiles. A turn
 * of a few seconds holds a hundred or so answers of a slow endpoint, whose p99 alone would be its
 * slowest one or two (issue 38's new search: 573 ms in one run, 1,175 ms in the next).
 */
function pooledTurns(endpoint: string, turns: Turn[]): Measurement {
  const answers = turns.flatMap((turn) => turn.answersMs);
  const seconds = turns.reduce((sum, turn) => sum + turn.seconds, 0);
  const memory = turns.flatMap((turn) => (turn.peakMemoryMb === null ? [] : [turn.peakMemoryMb]));
  return {
    endpoint,
    requestsPerSecond: Math.round(answers.length / seconds),
    p50Ms: tenths(percentile(answers, 0.5)),
    p99Ms: tenths(percentile(answers, 0.99)),
    turnRates: turns.map((turn) => Math.round(turn.answersMs.length / turn.seconds)),
    failures: turns.reduce((sum, turn) => sum + turn.failures, 0),
    peakMemoryMb: memory.length > 0 ? Math.max(...memory) : null,
  };
}

/**
 * One endpoint on several servers (a small catalogue, a large one, the bare limit), in turns:
 * a short warm-up each (JIT, caches), then ROUNDS rounds in which every server takes a turn of
 * `duration / ROUNDS` seconds, each followed by the participant's `settle`. A machine whose speed drifts (other work, a shared host) then
 * weighs on all of them alike, and the ratios between them hold. Answers one figure per server.
 */
export async function measureSideBySide(
  endpoint: string,
  participants: Participant[],
  settings: LoadSettings,
): Promise<Measurement[]> {
  const turnSeconds = Math.max(1, Math.round(settings.duration / ROUNDS));
  for (const { url, workload, settle } of participants) {
    await fire(url, workload, Math.max(1, Math.round(settings.duration / 5)), settings.connections);
    await settle?.();
  }
  const turns: Turn[][] = participants.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, participant] of participants.entries()) {
      turns[index]?.push(await measureOnce(participant, turnSeconds, settings.connections));
      await participant.settle?.();
    }
  }
  return turns.map((each) => pooledTurns(endpoint, each));
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): void;
}

/** An answer as the server sent it: its bytes, compressed or not, and their encoding. */
export interface SentAnswer {
  body: Buffer;
  encoding?: string;
}

/**
 * The limit: Node's bare `http` answering `answer` to every request, as a process of its own like
 * the real server, with nothing between the socket and the bytes.
 */
export async function startBareServer(answer: SentAnswer): Promise<BareServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      `const body = Buffer.from(process.env.BODY, 'base64');
       const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
       if (process.env.ENCODING) headers['content-encoding'] = process.env.ENCODING;
       require('node:http').createServer((_request, response) => {
         response.writeHead(200, headers);
         response.end(body);
       }).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));`,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        BODY: answer.body.toString('base64'),
        ENCODING: answer.encoding ?? '',
      },
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () => child.kill(),
  };
}
