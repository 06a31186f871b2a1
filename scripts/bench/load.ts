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

export function fire(url: string, workload: Workload, seconds: number, connections: number) {
  const perConnection = typeof workload === 'function' ? workload : () => workload;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: perConnection(),
    // Each connection gets its own copy, so one connection's member and books are its own.
    setupClient: (client) => client.setRequests(perConnection()),
  });
}

/** How many turns each server takes at an endpoint; the median turn is its figure. */
export const ROUNDS = 3;

export interface Participant {
  url: string;
  /** The process whose memory is reported. */
  pid: number;
  workload: Workload;
  /** Undoes what a turn cut short left behind (a loan borrowed but not yet returned). */
  settle?: () => Promise<void>;
}

async function measureOnce(
  endpoint: string,
  participant: Participant,
  seconds: number,
  connections: number,
): Promise<Measurement> {
  const stopSampling = samplePeakMemory(participant.pid);
  const result = await fire(participant.url, participant.workload, seconds, connections);
  return {
    endpoint,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    peakMemoryMb: stopSampling(),
  };
}

/** The turn of median requests per second, with the failures of all turns and the peak memory. */
function medianTurn(turns: Measurement[]): Measurement {
  const sorted = [...turns].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)] as Measurement;
  const memory = turns.flatMap((turn) => (turn.peakMemoryMb === null ? [] : [turn.peakMemoryMb]));
  return {
    ...median,
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
  const turns: Measurement[][] = participants.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, participant] of participants.entries()) {
      turns[index]?.push(
        await measureOnce(endpoint, participant, turnSeconds, settings.connections),
      );
      await participant.settle?.();
    }
  }
  return turns.map(medianTurn);
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
