/**
 * HTTP spoken byte by byte over a real socket, for what fetch and inject would normalise or
 * refuse to send: odd spellings of a path, absolute-form request lines, over-long lines, slow clients.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Starts `app` on a free local port and answers that port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the socket; rejects if that takes `withinMs`. */
export function readUntilClosed(socket: Socket, withinMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the socket open for ${withinMs} ms`));
    }, withinMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** The first response in `text` (a status line, headers, and the body that follows). */
export function parseResponse(text: string): RawResponse {
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text
    .slice(0, headEnd < 0 ? text.length : headEnd)
    .split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const body = headEnd < 0 ? '' : text.slice(headEnd + 4);
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: headers['transfer-encoding'] === 'chunked' ? dechunk(body) : body,
  };
}

function dechunk(body: string): string {
  let joined = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) return joined;
    joined += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends `request` as it is, with the connection to close after it, and parses the answer. */
export async function rawRequest(port: number, request: string): Promise<RawResponse> {
  const socket = await openSocket(port);
  const received = readUntilClosed(socket, 10_000);
  socket.write(request);
  return parseResponse(await received);
}
