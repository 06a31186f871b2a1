/**
 * Fetches a cover or photo given as an http(s) URL, once, on a member's behalf (docs/product.md#images,
 * docs/decisions/005-images.md). This is a request from inside the library's network to wherever
 * a member points it, so it is guarded:
 *
 * - every hop's host is resolved here, every address it has must be public (public-address.ts),
 *   and the connection goes to the address that was checked (the socket's `lookup` answers it),
 *   so a second DNS answer cannot point the request elsewhere (DNS rebinding);
 * - redirects are followed by hand, at most MAX_REDIRECTS, each checked like the first URL;
 * - only ports 80 and 443; only http and https;
 * - the whole fetch, redirects and body included, has `timeoutMs` (5 s);
 * - the body may not pass IMAGE_MAX_BYTES: reading stops there.
 *
 * Hosts named in IMAGE_FETCH_ALLOW_HOSTS (exact names) skip the address and port checks, so
 * tests and a library's own image server on its network can be reached.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { IMAGE_MAX_BYTES } from '../../common/constants.ts';
import { isPublicAddress } from './public-address.ts';

export const IMAGE_FETCH_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name's addresses; tests stand in their own so that a made-up name can be resolved. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface ImageFetchOptions {
  /** IMAGE_FETCH_ALLOW_HOSTS: host names, matched exactly, whose addresses are not checked. */
  allowHosts: readonly string[];
  timeoutMs?: number;
  resolve?: Resolver;
}

/** Why a URL gave no image; the message goes to the log, never to the member. */
export class UnreachableImage extends Error {}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The URL's host as an IP literal or a name, without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Finds where to connect for `url`, refusing what the guards do not allow. */
async function addressFor(
  url: URL,
  allowHosts: ReadonlySet<string>,
  resolve: Resolver,
): Promise<ResolvedAddress> {
  if (!(url.protocol in DEFAULT_PORTS)) throw new UnreachableImage(`protocol ${url.protocol}`);
  if (url.username || url.password) throw new UnreachableImage('credentials in the URL');
  const host = bareHost(url);
  const allowed = allowHosts.has(host.toLowerCase());
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  if (!allowed && port !== 80 && port !== 443) throw new UnreachableImage(`port ${port}`);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  const first = addresses[0];
  if (!first) throw new UnreachableImage(`${host} has no address`);
  // Every address, not only the one used: a name that also points inside is not a public host.
  if (!allowed && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new UnreachableImage(`${host} is not a public address`);
  }
  return first;
}

/** A lookup that answers the checked address whatever it is asked, so no second query happens. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

function request(url: URL, target: ResolvedAddress, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolveResponse, reject) => {
    const outgoing = client.get(url, {
      lookup: pinnedLookup(target),
      signal,
      headers: { accept: 'image/webp,image/png,image/jpeg,image/gif', 'user-agent': 'Pathagar' },
    });
    outgoing.on('response', resolveResponse);
    outgoing.on('error', reject);
  });
}

/** The body, refused as soon as it passes the limit. */
async function readLimited(response: IncomingMessage): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (declared > IMAGE_MAX_BYTES) {
    response.destroy();
    throw new UnreachableImage(`${declared} bytes declared`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMAGE_MAX_BYTES) {
      response.destroy();
      throw new UnreachableImage('the body is too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function fetchFollowing(
  start: URL,
  options: Required<ImageFetchOptions>,
  signal: AbortSignal,
): Promise<Buffer> {
  const allowHosts = new Set(options.allowHosts.map((host) => host.toLowerCase()));
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const target = await addressFor(url, allowHosts, options.resolve);
    const response = await request(url, target, signal);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw new UnreachableImage(`${status} without a Location`);
      url = new URL(location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new UnreachableImage(`status ${status}`);
    }
    return readLimited(response);
  }
  throw new UnreachableImage(`more than ${MAX_REDIRECTS} redirects`);
}

/** The bytes at `url`, or UnreachableImage. They are not yet known to be an image. */
export async function fetchImageBytes(url: string, options: ImageFetchOptions): Promise<Buffer> {
  const settings = {
    timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
    resolve: systemResolver,
    ...options,
  };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    // A DNS answer that never comes is bounded too: the race ends when the signal fires.
    return await Promise.race([
      fetchFollowing(new URL(url), settings, signal),
      new Promise<never>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new UnreachableImage('timed out')), {
          once: true,
        });
      }),
    ]);
  } catch (error) {
    if (error instanceof UnreachableImage) throw error;
    throw new UnreachableImage(error instanceof Error ? error.message : String(error));
  }
}
