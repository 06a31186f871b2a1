/**
 * The catalogue as MARC 21 (docs/product/marc.md): every book with its copies as Koha's embedded
 * items (952), read a page at a time and written by @natlibfi/marc-record-serializers, so a
 * catalogue of any size streams out without being held whole. An export imported into an empty
 * Pathagar gives back every book and copy (marc-mapping.ts reads what this writes).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { WritableRecord } from '@natlibfi/marc-record-serializers';
import type { Kysely } from 'kysely';
import type { CopyStatus } from '../../common/copies.ts';
import type { DB } from '../db/schema.ts';
import { OWN_CONTROL_SOURCE } from './marc-mapping.ts';
import { marcLibraries } from './marc-reader.ts';
import { bookPage, copiesOf, type ExportedBook } from './marc.repository.ts';

export type ExportFormat = 'iso2709' | 'marcxml';

/** Books read per query. */
const PAGE = 500;
/**
 * Copies written per record: 1,000 items keep an ISO 2709 record under its 99,999 bytes. A book
 * with more is written as several records, which an import joins again by their control number.
 */
const ITEMS_PER_RECORD = 1000;

/** Characters XML 1.0 cannot carry (and MARC's own delimiters, all below U+0020). */
const UNWRITABLE = /[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const writable = (text: string) => text.replace(UNWRITABLE, '');

/**
 * A value the import reads back as it was: the import takes off one ISBD mark at the end (`.`,
 * `,`, ` /`, ` :`, ` ;`, ` =`), so a value ending in one is given one more full stop.
 */
const guarded = (text: string) => (/[.,]$|\s[/:;=]$/.test(text) ? `${text}.` : text);

type DataField = ReturnType<WritableRecord['getDatafields']>[number];
type Copy = { barcode: string; status: CopyStatus; shelfMark: string | null; note: string | null };

const field = (tag: string, ind: string, ...pairs: [string, string | null][]): DataField => ({
  tag,
  ind1: ind[0] ?? ' ',
  ind2: ind[1] ?? ' ',
  subfields: pairs.flatMap(([code, value]) =>
    value === null || value === '' ? [] : [{ code, value: writable(value) }],
  ),
});

/** `Rabindranath Tagore` as a catalogue's heading, `Tagore, Rabindranath` (first indicator 1). */
function nameHeading(tag: string, name: string, link: string | null): DataField {
  const space = name.lastIndexOf(' ');
  const inverted = space > 0 && !name.includes(',');
  const heading = inverted ? `${name.slice(space + 1)}, ${name.slice(0, space)}` : name;
  return field(tag, inverted ? '1 ' : '0 ', ['6', link], ['a', guarded(heading)]);
}

/** 008: the date the record was made, the year of publication, the rest left uncoded. */
function fixedData(book: ExportedBook): string {
  const made = book.createdAt.slice(2, 10).replaceAll('-', '');
  const date = book.publishedYear ? `s${book.publishedYear}` : 'n    ';
  return `${made}${date}    xx ${' '.repeat(17)}||| d`;
}

function itemField(copy: Copy): DataField {
  const flag = (status: CopyStatus) => (copy.status === status ? '1' : null);
  return field(
    '952',
    '  ',
    ['p', copy.barcode],
    ['o', copy.shelfMark],
    ['1', flag('lost')],
    ['0', flag('withdrawn')],
    ['4', flag('damaged')],
    ['x', copy.note],
  );
}

/** The book's record(s): one, or one per thousand copies. */
export function recordsOfBook(book: ExportedBook, copies: Copy[]): WritableRecord[] {
  const [number, source] = controlOf(book);
  const controls = [
    { tag: '001', value: writable(number) },
    ...(source ? [{ tag: '003', value: writable(source) }] : []),
    { tag: '008', value: fixedData(book) },
  ];
  const romanTitle = book.romanisedName;
  const romanAuthor = book.romanisedAuthor;
  const bibliographic = [
    ...(book.isbn ? [field('020', '  ', ['a', book.isbn])] : []),
    ...(book.language ? [field('041', ' 7', ['a', book.language], ['2', 'iso639-1'])] : []),
    nameHeading('100', romanAuthor ?? book.author, romanAuthor ? '880-02' : null),
    field(
      '245',
      '10',
      ['6', romanTitle ? '880-01' : null],
      ['a', guarded(romanTitle ?? book.name)],
    ),
    ...(book.publisher || book.publishedYear
      ? [
          field(
            '264',
            ' 1',
            ['b', book.publisher && guarded(book.publisher)],
            ['c', book.publishedYear ? String(book.publishedYear) : null],
          ),
        ]
      : []),
    // A summary is prose, read back as written.
    ...(book.shortDescription ? [field('520', '  ', ['a', book.shortDescription])] : []),
    field('650', ' 4', ['a', guarded(book.category)]),
    ...(romanTitle ? [field('880', '10', ['6', '245-01'], ['a', guarded(book.name)])] : []),
    ...(romanAuthor ? [nameHeading('880', book.author, '100-02')] : []),
  ].filter((data) => data.subfields.length > 0);
  const groups: Copy[][] = [];
  for (let at = 0; at < copies.length; at += ITEMS_PER_RECORD)
    groups.push(copies.slice(at, at + ITEMS_PER_RECORD));
  if (groups.length === 0) groups.push([]);
  return groups.map((group) => {
    const datafields = [...bibliographic, ...group.map(itemField)];
    return {
      // Leader/09 `a`: UTF-8. The writer fills in the lengths.
      leader: '00000nam a2200000   4500',
      getControlfields: () => controls,
      getDatafields: () => datafields,
    };
  });
}

/** The record's 001 and 003: those it came with, or the book's own id from this system. */
function controlOf(book: ExportedBook): [string, string | null] {
  const given = /^\(([^)]*)\)(.+)$/.exec(book.controlNumber ?? '');
  if (given) return [given[2] as string, given[1] as string];
  if (book.controlNumber) return [book.controlNumber, null];
  return [book.id, OWN_CONTROL_SOURCE];
}

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n`;
const XML_TAIL = '</collection>\n';

/**
 * The export as text, a page of books at a time, other requests served between pages: ISO 2709
 * (each record's lengths counted in UTF-8 bytes by the writer) or a MARCXML collection.
 */
export async function* exportMarc(db: Kysely<DB>, format: ExportFormat): AsyncGenerator<string> {
  const { ISO2709, MARCXML } = await marcLibraries();
  if (format === 'marcxml') yield XML_HEAD;
  let after: string | null = null;
  for (;;) {
    const books = await bookPage(db, after, PAGE);
    if (books.length === 0) break;
    const copies = await copiesOf(
      db,
      books.map((book) => book.id),
    );
    const byBook = new Map<string, Copy[]>();
    for (const copy of copies) {
      const list = byBook.get(copy.bookId);
      if (list) list.push(copy);
      else byBook.set(copy.bookId, [copy]);
    }
    const page: string[] = [];
    for (const book of books)
      for (const record of recordsOfBook(book, byBook.get(book.id) ?? []))
        page.push(
          format === 'marcxml'
            ? `${MARCXML.to(record, { omitDeclaration: true })}\n`
            : ISO2709.to(record),
        );
    yield page.join('');
    after = (books[books.length - 1] as ExportedBook).id;
    await nextTurn();
  }
  if (format === 'marcxml') yield XML_TAIL;
}
