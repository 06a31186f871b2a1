/**
 * Images nothing names are erased a day after their upload (issue 35, item 7): the picture of a
 * form never sent, a cover replaced. Tested by moving the clock, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_COLUMNS } from '../../src/server/images/images.repository.ts';
import { addBook, signUp, type Agent } from '../support/agent.ts';
import { multipartBody, smallImage } from '../support/image-files.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(databaseKinds)('unnamed images on %s', (kind) => {
  const clock = new MovableClock();
  let test: TestApp;
  let member: Agent;

  /** A new image of its own bytes (its width makes them differ), uploaded by the member. */
  const upload = async (width: number) => {
    const { payload, headers } = multipartBody(await smallImage('png', width, 40), {
      type: 'image/png',
      filename: 'cover.png',
    });
    const answer = await member.request<{ url: string }>({
      method: 'POST',
      url: '/api/images',
      payload,
      headers,
    });
    expect(answer.status).toBe(201);
    return answer.body.url;
  };
  const served = async (url: string) => (await test.app.inject({ method: 'GET', url })).statusCode;
  const hours = (count: number) => clock.advanceDays(count / 24);

  beforeAll(async () => {
    test = await startTestApp(kind, {}, clock);
    member = (await signUp(test.app)).agent;
  });
  afterAll(() => test.close());

  it('erases an image nothing names a day after its upload, and keeps covers and photos', async () => {
    const unnamed = await upload(41);
    const cover = await upload(42);
    const photo = await upload(43);
    await addBook(member, { image: cover });
    expect((await member.post('/api/auth/update-user', { image: photo })).status).toBe(200);

    hours(23);
    await test.app.images.sweepUnnamed();
    expect(await served(unnamed)).toBe(200);

    hours(2);
    expect(await test.app.images.sweepUnnamed()).toBeGreaterThanOrEqual(1);
    expect(await served(unnamed)).toBe(404);
    expect(await served(cover)).toBe(200);
    expect(await served(photo)).toBe(200);
  });

  it('gives the same bytes uploaded again a day from the new upload', async () => {
    const url = await upload(44);
    hours(23);
    expect(await upload(44)).toBe(url);
    hours(2);
    await test.app.images.sweepUnnamed();
    expect(await served(url)).toBe(200);
    hours(23);
    await test.app.images.sweepUnnamed();
    expect(await served(url)).toBe(404);
  });

  it('knows every column of the database that can name an image', async () => {
    const tables = await test.app.database.db.introspection.getTables();
    const imageColumns = tables
      .filter((table) => table.name !== 'image')
      .flatMap((table) =>
        table.columns
          .filter((column) => /image|photo|cover|picture/i.test(column.name))
          .map((column) => `${table.name}.${column.name}`),
      );
    expect(imageColumns.sort()).toEqual(
      IMAGE_COLUMNS.map(([table, column]) => `${table}.${column}`).sort(),
    );
  });
});
