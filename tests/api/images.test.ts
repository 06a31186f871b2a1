/**
 * Stored images (docs/product.md#images): uploads re-encoded to WebP and served for good, and covers
 * and photos given as web addresses fetched once, only from public addresses (the guards of
 * src/server/images/image-fetch.ts), against a local HTTP server the test starts.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import type { Resolver } from '../../src/server/images/image-fetch.ts';
import { IMAGE_UPLOADS_PER_HOUR } from '../../src/server/images/images.service.ts';
import {
  Agent,
  addBook,
  signUp,
  uniqueEmail,
  validBook,
  VALID_PASSWORD,
} from '../support/agent.ts';
import { cameraJpeg, multipartBody, pngBomb, smallImage } from '../support/image-files.ts';
import { createTestDatabase, databaseKinds, testConfig } from '../support/test-app.ts';

interface Stored {
  url: string;
  width: number;
  height: number;
}

/** The made-up host the image server is reached through; only this test's resolver knows it. */
const IMAGE_HOST = 'covers.test';
const SIX_MB = 6 * 1024 * 1024;

let freshCount = 0;
/** A PNG unlike any other this test makes. */
const freshImage = (path: string) => {
  freshCount += 1;
  return smallImage('png', 40 + freshCount, 40 + path.length);
};

/** A local image server: a cover, a text, an endless wait, oversize answers and redirects. */
async function startImageServer() {
  const cover = await smallImage('png', 640, 960);
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    // An image no other request gets: a fetch that should not happen would add a row.
    if (path.startsWith('/fresh/')) {
      void freshImage(path).then((image) =>
        response.writeHead(200, { 'content-type': 'image/png' }).end(image),
      );
      return;
    }
    if (path === '/cover.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    if (path === '/text')
      return response.writeHead(200, { 'content-type': 'image/png' }).end('not a picture');
    if (path === '/declared-big') {
      return response.writeHead(200, { 'content-length': SIX_MB }).end(Buffer.alloc(SIX_MB));
    }
    if (path === '/chunked-big') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(Buffer.alloc(SIX_MB));
    }
    if (path === '/hang') return; // never answers
    if (path === '/to-loopback') {
      return response
        .writeHead(302, { location: `http://127.0.0.1:${port}/fresh/after-redirect.png` })
        .end();
    }
    if (path === '/to-metadata') {
      return response
        .writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' })
        .end();
    }
    if (path === '/to-cover') return response.writeHead(307, { location: '/cover.png' }).end();
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    return response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  return { server, port, base: `http://${IMAGE_HOST}:${port}` };
}

/** The image host resolves to the local server; a made-up public-looking name to loopback too. */
const testResolver: Resolver = async (host) => {
  if (host === IMAGE_HOST || host === 'images.example.org') {
    return [{ address: '127.0.0.1', family: 4 }];
  }
  if (host === 'mixed.example.org') {
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
  }
  throw new Error(`the test resolves no ${host}`);
};

describe.each(databaseKinds)('stored images on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let member: Agent;
  let imageServer: Awaited<ReturnType<typeof startImageServer>>;

  const countImages = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('image')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  const upload = (agent: Agent, bytes: Buffer, options?: Parameters<typeof multipartBody>[1]) => {
    const { payload, headers } = multipartBody(bytes, options);
    return agent.request<Stored & { code: string }>({
      method: 'POST',
      url: '/api/images',
      payload,
      headers,
    });
  };

  beforeAll(async () => {
    imageServer = await startImageServer();
    const database = await createTestDatabase(kind);
    drop = database.drop;
    app = await buildApp(testConfig(database.url, { IMAGE_FETCH_ALLOW_HOSTS: IMAGE_HOST }), {
      logger: false,
      imageFetch: { timeoutMs: 500, resolve: testResolver },
    });
    member = (await signUp(app)).agent;
  });
  afterAll(async () => {
    await app.close();
    await drop();
    imageServer.server.closeAllConnections();
    imageServer.server.close();
  });

  describe('upload', () => {
    it('re-encodes a camera JPEG to WebP, 1200 px on its long side, without its EXIF', async () => {
      const original = await cameraJpeg();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const response = await upload(member, original);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        url: expect.stringMatching(/^\/images\/[0-9a-f]{32}\.webp$/),
        width: 1200,
        height: 800,
      });
      const served = await app.inject({ method: 'GET', url: response.body.url });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 800 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    });

    it.each([
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const)('takes a %s and serves it as WebP of the same size', async (format, type) => {
      const response = await upload(member, await smallImage(format, 300, 200), {
        filename: `cover.${format}`,
        type,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ width: 300, height: 200 });
      const served = await app.inject({ method: 'GET', url: response.body.url });
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    });

    it('serves a stored image for good, to anyone, without a cookie', async () => {
      const { body } = await upload(member, await smallImage('png', 120, 80));
      const served = await app.inject({ method: 'GET', url: body.url });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(served.headers['set-cookie']).toBeUndefined();
      expect(String(served.headers.vary ?? '')).not.toMatch(/cookie/i);
      const again = await app.inject({
        method: 'GET',
        url: body.url,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
    });

    it.each(['/images/0123456789abcdef0123456789abcdef.webp', '/images/..%2f..%2fetc.webp'])(
      'answers 404 in the API shape for %s',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
      },
    );

    it('stores the same image once, however many upload it at the same time', async () => {
      const bytes = await smallImage('png', 90, 60);
      const before = await countImages();
      const answers = await Promise.all([1, 2, 3, 4].map(() => upload(member, bytes)));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.body.url)).size).toBe(1);
      expect(await countImages()).toBe(before + 1);
    });

    it.each([
      ['a text file', async () => Buffer.from('just some words, no picture'), 'notes.jpg'],
      ['a truncated JPEG', async () => (await cameraJpeg()).subarray(0, 4000), 'half.jpg'],
      ['a decompression bomb', pngBomb, 'bomb.png'],
      [
        'an SVG',
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        'x.svg',
      ],
      ['an empty file', async () => Buffer.alloc(0), 'empty.png'],
    ])('refuses %s with 400 INVALID_IMAGE and stores nothing', async (_label, make, filename) => {
      const before = await countImages();
      const response = await upload(member, await make(), { filename });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String), code: 'INVALID_IMAGE' });
      expect(await countImages()).toBe(before);
    });

    it('refuses a 6 MB file with 413 before parsing it', async () => {
      const response = await upload(member, Buffer.alloc(SIX_MB));
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('stops reading a file at 5 MB when its part runs past the limit', async () => {
      const response = await upload(member, Buffer.alloc(5 * 1024 * 1024 + 1));
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses a visitor with 401 and a page without the XSRF header with 403', async () => {
      const visitor = new Agent(app);
      await visitor.get('/api/health');
      expect((await upload(visitor, await smallImage('png'))).status).toBe(401);
      const { agent } = await signUp(app);
      agent.sendXsrf = false;
      const refused = await upload(agent, await smallImage('png'));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'CSRF' });
    });

    it.each([
      ['multipart/form-data without a boundary', 'multipart/form-data', '--x\r\n\r\nabc'],
      [
        'an unterminated part',
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      ],
      ['a garbage body', 'multipart/form-data; boundary=b', '\x00\xff garbage, no parts at all'],
      [
        'a malformed part header',
        'multipart/form-data; boundary=b',
        '--b\r\nno colon in this header line\r\n\r\nabc\r\n--b--\r\n',
      ],
    ])('answers %s with a 400 in the API shape (issue 30)', async (_label, type, body) => {
      const before = await countImages();
      const response = await member.request({
        method: 'POST',
        url: '/api/images',
        payload: Buffer.from(body, 'latin1'),
        headers: { 'content-type': type },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String), code: expect.any(String) });
      expect(await countImages()).toBe(before);
    });

    it(`takes ${IMAGE_UPLOADS_PER_HOUR} new images an hour from one member, then refuses with 429 (issue 30)`, async () => {
      const { agent } = await signUp(app);
      for (let index = 0; index < IMAGE_UPLOADS_PER_HOUR; index += 1) {
        expect((await upload(agent, await smallImage('png', 20 + index, 17))).status).toBe(201);
      }
      const before = await countImages();
      const refused = await upload(agent, await smallImage('png', 19, 17));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(await countImages()).toBe(before);
      // Other members upload as before.
      expect((await upload(member, await smallImage('png', 19, 17))).status).toBe(201);
    });

    it('erases a closed account’s photo, and keeps the cover it gave a book (issue 30)', async () => {
      const { agent } = await signUp(app);
      const photo = (await upload(agent, await smallImage('png', 61, 67))).body.url;
      const cover = (await upload(agent, await smallImage('png', 71, 67))).body.url;
      expect((await agent.post('/api/auth/update-user', { image: photo })).status).toBe(200);
      await addBook(agent, { image: cover });
      expect((await app.inject({ method: 'GET', url: photo })).statusCode).toBe(200);
      expect((await agent.delete('/api/profile', { password: VALID_PASSWORD })).status).toBe(200);
      expect((await app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: cover })).statusCode).toBe(200);
    });

    it('refuses a file in another field and a JSON body', async () => {
      const other = await upload(member, await smallImage('png'), { field: 'photo' });
      expect(other.status).toBe(400);
      expect(other.body).toMatchObject({ code: 'VALIDATION' });
      const json = await member.post('/api/images', { file: 'x' });
      expect(json.status).toBe(415);
      expect(json.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });
  });

  describe('fetching a web address once', () => {
    it("stores a book's cover from an allowed host; the book names the stored copy", async () => {
      const before = await countImages();
      const id = await addBook(member, { image: `${imageServer.base}/cover.png` });
      const book = (await member.get<Book>(`/api/books/${id}`)).body;
      expect(book.image).toMatch(/^\/images\/[0-9a-f]{32}\.webp$/);
      expect(await countImages()).toBe(before + 1);
      const served = await app.inject({ method: 'GET', url: book.image });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 640,
        height: 960,
      });
    });

    it('follows a redirect on the allowed host, and an update stores its cover too', async () => {
      const id = await addBook(member);
      const response = await member.patch(`/api/books/${id}`, {
        ...validBook,
        image: `${imageServer.base}/to-cover`,
      });
      expect(response.status).toBe(200);
      expect((await member.get<Book>(`/api/books/${id}`)).body.image).toMatch(/^\/images\//);
    });

    it('keeps a path on this site as it is', async () => {
      const id = await addBook(member, { image: '/covers/dune.svg' });
      expect((await member.get<Book>(`/api/books/${id}`)).body.image).toBe('/covers/dune.svg');
    });

    it.each([
      ['a text answer', '/text'],
      ['a declared 6 MB answer', '/declared-big'],
      ['a 6 MB answer without a length', '/chunked-big'],
      ['a server that never answers', '/hang'],
      ['a redirect to loopback', '/to-loopback'],
      ['a redirect to the metadata address', '/to-metadata'],
      ['a redirect loop', '/loop'],
      ['a missing file', '/missing.png'],
    ])('refuses %s with IMAGE_UNREACHABLE and stores nothing', async (_label, path) => {
      const before = await countImages();
      const response = await member.post('/api/books', {
        ...validBook,
        image: `${imageServer.base}${path}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String), code: 'IMAGE_UNREACHABLE' });
      expect(await countImages()).toBe(before);
    });

    it.each([
      () => `http://127.0.0.1:${imageServer.port}/fresh/loopback.png`,
      () => 'http://127.0.0.1/cover.png',
      () => 'http://localhost/cover.png',
      () => 'http://[::1]/cover.png',
      () => 'http://[::ffff:127.0.0.1]/cover.png',
      () => 'http://169.254.169.254/latest/meta-data/',
      () => 'http://10.1.2.3/cover.png',
      () => 'http://192.168.1.1/cover.png',
      () => 'http://172.16.0.1/cover.png',
      () => 'http://100.64.0.1/cover.png',
      () => 'http://0.0.0.0/cover.png',
      () => 'http://[fd00::1]/cover.png',
      () => 'http://[fe80::1]/cover.png',
      () => 'http://images.example.org/cover.png',
      () => 'http://mixed.example.org/cover.png',
      () => `http://images.example.org:${imageServer.port}/fresh/other-port.png`,
    ])('refuses a non-public address (%#) and stores nothing', async (url) => {
      const before = await countImages();
      const response = await member.post('/api/books', { ...validBook, image: url() });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'IMAGE_UNREACHABLE' });
      expect(await countImages()).toBe(before);
    });

    it("stores a member's photo on sign-up and on update", async () => {
      const agent = new Agent(app);
      await agent.get('/api/health');
      const signUpAnswer = await agent.post('/api/auth/sign-up/email', {
        name: 'Nasrin Akter',
        email: uniqueEmail(),
        password: VALID_PASSWORD,
        image: `${imageServer.base}/cover.png`,
      });
      expect(signUpAnswer.status).toBe(200);
      const session = await agent.get<{ user: { image: string } }>('/api/auth/get-session');
      expect(session.body.user.image).toMatch(/^\/images\/[0-9a-f]{32}\.webp$/);
      const updated = await agent.post('/api/auth/update-user', {
        image: `${imageServer.base}/to-cover`,
      });
      expect(updated.status).toBe(200);
      const after = await agent.get<{ user: { image: string } }>('/api/auth/get-session');
      expect(after.body.user.image).toMatch(/^\/images\//);
    });

    it('fetches nothing for a visitor calling update-user', async () => {
      const visitor = new Agent(app);
      await visitor.get('/api/health');
      const before = await countImages();
      const refused = await visitor.post('/api/auth/update-user', {
        image: `${imageServer.base}/fresh/visitor.png`,
      });
      expect(refused.status).toBe(401);
      expect(await countImages()).toBe(before);
    });

    it('refuses a sign-up whose photo leads inside, and makes no account', async () => {
      const email = uniqueEmail();
      const agent = new Agent(app);
      await agent.get('/api/health');
      const refused = await agent.post('/api/auth/sign-up/email', {
        name: 'Nasrin Akter',
        email,
        password: VALID_PASSWORD,
        image: 'http://169.254.169.254/latest/meta-data/',
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'IMAGE_UNREACHABLE' });
      const signIn = await agent.post('/api/auth/sign-in/email', {
        email,
        password: VALID_PASSWORD,
      });
      expect(signIn.status).toBe(401);
    });
  });
});

describe('fetching without an allow-list', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let imageServer: Awaited<ReturnType<typeof startImageServer>>;

  beforeAll(async () => {
    imageServer = await startImageServer();
    const database = await createTestDatabase('sqlite');
    drop = database.drop;
    app = await buildApp(testConfig(database.url), {
      logger: false,
      imageFetch: { resolve: testResolver },
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    imageServer.server.close();
  });

  it('refuses the local image server that the allow-list let through', async () => {
    const { agent } = await signUp(app);
    const response = await agent.post('/api/books', {
      ...validBook,
      image: `${imageServer.base}/cover.png`,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'IMAGE_UNREACHABLE' });
  });
});
