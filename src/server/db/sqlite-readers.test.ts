import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteReaders } from './sqlite-readers.ts';

interface Shelf {
  shelf: { id: number; title: string };
}

describe("SQLite's search readers", () => {
  let dir: string;
  let app: SqliteDatabase.Database;
  let readers: Kysely<Shelf>;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pathagar-readers-'));
    const file = path.join(dir, 'library.db');
    app = new SqliteDatabase(file);
    app.pragma('journal_mode = WAL');
    app.exec('create table shelf (id integer primary key, title text not null)');
    app.prepare('insert into shelf (title) values (?)').run('Pather Panchali');
    readers = sqliteReaders<Shelf>(file, 1024);
  });

  afterEach(async () => {
    await readers.destroy();
    app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const titles = async () =>
    (await readers.selectFrom('shelf').select('title').orderBy('id').execute()).map(
      (row) => row.title,
    );

  it('reads what the app committed, also after they started', async () => {
    expect(await titles()).toEqual(['Pather Panchali']);
    app.prepare('insert into shelf (title) values (?)').run('Padma Nadir Majhi');
    expect(await titles()).toEqual(['Pather Panchali', 'Padma Nadir Majhi']);
  });

  it('answers many statements at once, each with its own rows', async () => {
    const insert = app.prepare('insert into shelf (id, title) values (?, ?)');
    for (let id = 2; id <= 40; id += 1) insert.run(id, `Book ${id}`);
    const ids = Array.from({ length: 40 }, (_, index) => index + 1);
    const answers = await Promise.all(
      ids.map((id) =>
        readers.selectFrom('shelf').select(['id', 'title']).where('id', '=', id).execute(),
      ),
    );
    expect(answers.map((rows) => rows[0]?.id)).toEqual(ids);
  });

  it('never writes: a change is refused and the table stays as it was', async () => {
    await expect(
      readers.insertInto('shelf').values({ id: 9, title: 'Forged' }).execute(),
    ).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(readers.transaction().execute(async () => {})).rejects.toThrow(/only read/);
    expect(await titles()).toEqual(['Pather Panchali']);
  });

  it("passes a statement's error on with SQLite's code, and answers the next one", async () => {
    await expect(sql`select * from "noSuchTable"`.execute(readers)).rejects.toMatchObject({
      code: 'SQLITE_ERROR',
      message: expect.stringContaining('noSuchTable'),
    });
    expect(await titles()).toEqual(['Pather Panchali']);
  });
});
