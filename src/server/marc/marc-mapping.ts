/**
 * What a MARC 21 record says about a book and its copies (docs/product/marc.md): the fields the
 * catalogue keeps, taken from the record's tags and cleaned as the forms would have it. Nothing
 * here reads the database; marc-import.ts matches and stores what this finds.
 */
import { BARCODE_PATTERN, type CopyStatus } from '../../common/copies.ts';
import { TEXT_LIMITS } from '../../common/constants.ts';
import { isLanguageCode } from '../../common/book-languages.ts';
import { normalizeIsbn } from '../../common/isbn.ts';
import { isDataField, type DataField, type MarcRecord } from './marc-reader.ts';

/** A copy a record carries (Koha's 952, or MARC holdings' 852). */
export interface ItemDraft {
  /** Upper-cased, 4–20 letters and digits; null when the item has none. */
  barcode: string | null;
  shelfMark: string | null;
  status: CopyStatus;
  note: string | null;
}

export interface BookDraft {
  name: string;
  author: string;
  /** The romanised 245 and 100 of a record whose title and author come from their 880s. */
  romanisedName: string | null;
  romanisedAuthor: string | null;
  isbn: string | null;
  /** 520 $a; null when the record has none (a match keeps its own then). */
  shortDescription: string | null;
  publisher: string | null;
  publishedYear: number | null;
  language: string | null;
  /** Subject and genre headings and classification numbers that may name a category. */
  categoryTerms: string[];
  controlNumber: string | null;
  items: ItemDraft[];
}

/** Why a record is skipped, as the desk names it (the answer's `code`). */
export type SkipCode =
  'BROKEN_RECORD' | 'NO_TITLE' | 'INVALID_BARCODE' | 'CARD_BARCODE' | 'OTHER_BOOK_BARCODE';

export interface Skip {
  code: SkipCode;
  reason: string;
  /** What the record names, when it could be read: the desk's table shows it. */
  title?: string;
  author?: string;
}

/** The system Pathagar's own exports name as their records' source (003). */
export const OWN_CONTROL_SOURCE = 'Pathagar';
const CONTROL_NUMBER_MAX = 80;
const SHELF_MARK_MAX = 60;
const COPY_NOTE_MAX = 500;

/** Bidirectional controls (U+200E/F, U+202A–202E, U+2066–2069): they can make a title read as another. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Control characters, and the line and paragraph separators: what the forms refuse in a name. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
/** Markup: a tag, opening or closing. Other `<` and `>` are dropped after it, as the forms refuse them. */
const TAG = /<\/?[A-Za-z][^<>]*>/g;

/**
 * A record's text as the forms take it: bidirectional controls dropped, control characters and
 * markup gone, `<<`/`>>` (some systems' marks around words to skip in sorting) removed, spaces
 * collapsed; then cut at the field's limit, at a word where one is near.
 */
export function cleanText(value: string, max: number): string {
  const cleaned = value
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/<<|>>/g, '')
    .replace(TAG, ' ')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if ([...cleaned].length <= max) return cleaned;
  const cut = [...cleaned].slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

/**
 * A heading without the punctuation ISBD ends it with: ` /`, ` :`, ` ;`, ` =` or a final `.` or
 * `,`, once (an export adds one where a title ends so, so that the round trip keeps it).
 */
export function withoutIsbdEnd(text: string): string {
  const trimmed = text.trim();
  const spaced = /\s+[/:;=]$/.exec(trimmed);
  if (spaced) return trimmed.slice(0, spaced.index).trim();
  if (/[.,]$/.test(trimmed)) return trimmed.slice(0, -1).trim();
  return trimmed;
}

const subfield = (field: DataField | undefined, code: string) =>
  field?.subfields.find((sub) => sub.code === code && sub.value.trim() !== '')?.value;

const subfieldsOf = (field: DataField, code: string) =>
  field.subfields.filter((sub) => sub.code === code).map((sub) => sub.value);

function dataFields(record: MarcRecord, ...tags: string[]): DataField[] {
  return record.fields.filter(
    (field): field is DataField => isDataField(field) && tags.includes(field.tag),
  );
}

const controlField = (record: MarcRecord, tag: string) =>
  record.fields.find((field) => !isDataField(field) && field.tag === tag) as
    { value: string } | undefined;

/** The 880 holding the original script of `field`, linked by their `$6` (`880-01` ↔ `245-01`). */
function linkedOriginal(record: MarcRecord, field: DataField): DataField | undefined {
  const link = /^880-(\d{2})/.exec(subfield(field, '6') ?? '');
  if (!link || link[1] === '00') return undefined;
  const back = `${field.tag}-${link[1]}`;
  return dataFields(record, '880').find((original) =>
    (subfield(original, '6') ?? '').startsWith(back),
  );
}

/** 245 $a and $b as one title: `Title: subtitle`, or `Title = parallel title`. */
function titleOf(field: DataField): string {
  const main = subfield(field, 'a') ?? '';
  const rest = subfield(field, 'b');
  const joiner = /\s=\s*$/.test(main) ? ' = ' : ': ';
  const title = withoutIsbdEnd(main);
  return rest ? `${title}${joiner}${withoutIsbdEnd(rest)}` : title;
}

/**
 * A personal name as the catalogue shows it: `Tagore, Rabindranath` (100 with first indicator 1,
 * surname first) becomes `Rabindranath Tagore`, like every other book's author.
 */
function authorOf(field: DataField): string {
  const name = withoutIsbdEnd(subfield(field, 'a') ?? '');
  const parts = name.split(', ');
  const [surname, forenames] = parts;
  if (field.ind1 === '1' && parts.length === 2 && surname && forenames)
    return `${forenames} ${surname}`;
  return name;
}

function firstIsbn(record: MarcRecord): string | null {
  for (const field of dataFields(record, '020')) {
    // `0306406152 (pbk.)`: the number, then what the cataloguer said of it.
    const written = /[\dXx][\dXx\s-]{8,}[\dXx]/.exec(subfield(field, 'a') ?? '');
    const isbn = written && normalizeIsbn(written[0]);
    if (isbn) return isbn;
  }
  return null;
}

/** 264 (second indicator 1: publication), else 260: the publisher and the year. */
function publication(record: MarcRecord, thisYear: number) {
  const field =
    dataFields(record, '264').find((candidate) => candidate.ind2 === '1') ??
    dataFields(record, '260')[0];
  const publisher = subfield(field, 'b');
  const written = /\d{4}/.exec(subfield(field, 'c') ?? '')?.[0];
  const fixed = controlField(record, '008')?.value.slice(7, 11);
  const year = [written, fixed]
    .map(Number)
    .find((candidate) => Number.isInteger(candidate) && candidate >= 1000 && candidate <= thisYear);
  return {
    publisher: publisher
      ? cleanText(withoutIsbdEnd(publisher), TEXT_LIMITS.publisher) || null
      : null,
    publishedYear: year ?? null,
  };
}

/** MARC's language codes (`ben`, `eng`, ISO 639-2) as ISO 639-1, through the locale data of Intl. */
function languageOf(record: MarcRecord): string | null {
  const [given] = dataFields(record, '041');
  const candidates = [
    given && subfield(given, 'a'),
    controlField(record, '008')?.value.slice(35, 38),
  ];
  for (const candidate of candidates) {
    const code = candidate?.trim().toLowerCase();
    if (!code || !/^[a-z]{2,3}$/.test(code)) continue;
    try {
      const language = new Intl.Locale(code).language;
      if (isLanguageCode(language)) return language;
    } catch {
      // Not a language tag at all: the next candidate.
    }
  }
  return null;
}

function controlNumberOf(record: MarcRecord): string | null {
  const number = controlField(record, '001')?.value.trim();
  if (!number) return null;
  const source = controlField(record, '003')?.value.trim();
  const key = source ? `(${source})${number}` : number;
  // Control numbers are printable ASCII in MARC 21; others are kept by nobody (an export's
  // writer counts a control field's length in characters).
  return key.length <= CONTROL_NUMBER_MAX && /^[\x20-\x7e]+$/.test(key) ? key : null;
}

/** Koha's yes-no item flags: anything but empty or 0 is yes (notforloan -1 is "on order"). */
const flagged = (value: string | undefined) =>
  value !== undefined && value.trim() !== '' && value.trim() !== '0';

function statusOf(item: DataField): { status: CopyStatus; note: string | null } {
  if (flagged(subfield(item, '1'))) return { status: 'lost', note: null };
  if (flagged(subfield(item, '0'))) return { status: 'withdrawn', note: null };
  if (flagged(subfield(item, '4'))) return { status: 'damaged', note: null };
  // Pathagar has no status for a copy kept for reading in the library: it is off the shelf.
  if (flagged(subfield(item, '7'))) return { status: 'withdrawn', note: 'Not for loan' };
  return { status: 'available', note: null };
}

const shelfMark = (text: string) => cleanText(text, SHELF_MARK_MAX) || null;

/** The record's copies, or the skip its barcodes call for. */
function itemsOf(record: MarcRecord): ItemDraft[] | Skip {
  const items: ItemDraft[] = [];
  const seen = new Set<string>();
  for (const field of dataFields(record, '952', '852')) {
    const written = subfield(field, 'p')?.trim();
    const barcode = written ? written.toUpperCase() : null;
    if (barcode !== null && !BARCODE_PATTERN.test(barcode))
      return {
        code: 'INVALID_BARCODE',
        reason: `the barcode ${JSON.stringify(written)} is not 4 to 20 letters and digits`,
      };
    if (barcode !== null && seen.has(barcode)) continue;
    if (barcode !== null) seen.add(barcode);
    if (field.tag === '952') {
      const { status, note } = statusOf(field);
      // $x: Koha's note for staff, where an export keeps a copy's note.
      const written = subfield(field, 'x');
      items.push({
        barcode,
        shelfMark: shelfMark(subfield(field, 'o') ?? ''),
        status,
        note: (written && cleanText(written, COPY_NOTE_MAX)) || note,
      });
    } else
      items.push({
        barcode,
        shelfMark: shelfMark([subfield(field, 'h'), subfield(field, 'i')].join(' ')),
        status: 'available',
        note: null,
      });
  }
  return items;
}

/** Subject (650) and genre (655) headings and Dewey numbers (082): the words that may name a category. */
function categoryTermsOf(record: MarcRecord): string[] {
  return dataFields(record, '650', '655', '082')
    .flatMap((field) => subfieldsOf(field, 'a'))
    .map((term) => withoutIsbdEnd(term))
    .filter(Boolean);
}

/** The book a record describes, or why it is skipped. */
export function bookOfRecord(record: MarcRecord, thisYear: number): BookDraft | Skip {
  const [titleField] = dataFields(record, '245');
  const titleOriginal = titleField && linkedOriginal(record, titleField);
  const romanisedTitle = titleField ? cleanText(titleOf(titleField), TEXT_LIMITS.name) : '';
  const name = titleOriginal ? cleanText(titleOf(titleOriginal), TEXT_LIMITS.name) : romanisedTitle;
  if (!name) return { code: 'NO_TITLE', reason: 'the record has no title (245 $a)' };

  const authorField =
    dataFields(record, '100')[0] ??
    dataFields(record, '110')[0] ??
    dataFields(record, '111')[0] ??
    dataFields(record, '700')[0];
  const authorOriginal = authorField && linkedOriginal(record, authorField);
  const romanisedAuthor = authorField ? cleanText(authorOf(authorField), TEXT_LIMITS.author) : '';
  const author =
    (authorOriginal ? cleanText(authorOf(authorOriginal), TEXT_LIMITS.author) : romanisedAuthor) ||
    cleanText(withoutIsbdEnd(subfield(titleField, 'c') ?? ''), TEXT_LIMITS.author) ||
    // A record naming nobody (an anonymous work): the catalogue needs an author, so a dash.
    '—';

  const items = itemsOf(record);
  if (!Array.isArray(items)) return { ...items, title: name, author };
  const [summary] = dataFields(record, '520');
  const description = summary && subfield(summary, 'a');
  return {
    name,
    author,
    romanisedName: titleOriginal && romanisedTitle !== name ? romanisedTitle || null : null,
    romanisedAuthor: authorOriginal && romanisedAuthor !== author ? romanisedAuthor || null : null,
    isbn: firstIsbn(record),
    shortDescription: description
      ? cleanText(description, TEXT_LIMITS.shortDescription) || null
      : null,
    ...publication(record, thisYear),
    language: languageOf(record),
    categoryTerms: categoryTermsOf(record),
    controlNumber: controlNumberOf(record),
    items,
  };
}

export const isSkip = (mapped: BookDraft | Skip): mapped is Skip => 'code' in mapped;
