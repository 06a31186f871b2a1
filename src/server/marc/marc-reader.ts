/**
 * Reads MARC 21 files record by record (docs/decisions/020-marc.md): ISO 2709 or MARCXML, told
 * apart by their first bytes. The parsing is the libraries': marcjs reads an ISO 2709 record's
 * directory and fields, byte-exact, and @natlibfi/marc-record-serializers reads a MARCXML record;
 * this module only finds where each record ends in a stream, decodes the text (UTF-8, or MARC-8
 * through `marc8` where leader/09 is blank) and says why a record cannot be read.
 */
import { StringDecoder } from 'node:string_decoder';
import { onFirstUse } from '../on-first-use.ts';

export interface ControlField {
  tag: string;
  value: string;
}
export interface Subfield {
  code: string;
  value: string;
}
export interface DataField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: Subfield[];
}
export type MarcField = ControlField | DataField;
export interface MarcRecord {
  leader: string;
  fields: MarcField[];
}

export const isDataField = (field: MarcField): field is DataField => 'subfields' in field;

/** One record of a file, numbered from 1 in the file's order, or why it could not be read. */
export type ReadRecord =
  { number: number; record: MarcRecord } | { number: number; broken: string };

export type MarcFormat = 'iso2709' | 'marcxml';

/** The MARC libraries, loaded by the first file read or written (on-first-use.ts). */
export const marcLibraries = onFirstUse(async () => {
  const [serializers, { default: marc8 }, { Iso2709Parser }] = await Promise.all([
    import('@natlibfi/marc-record-serializers'),
    import('marc8'),
    import('marcjs'),
  ]);
  return { MARCXML: serializers.MARCXML, ISO2709: serializers.ISO2709, marc8, Iso2709Parser };
});
type MarcLibraries = Awaited<ReturnType<typeof marcLibraries>>;

const RECORD_TERMINATOR = 0x1d;
const FIELD_TERMINATOR = 0x1e;
/** ISO 2709 writes a record's length in five digits. */
const ISO_RECORD_MAX = 99_999;
/** A MARCXML record longer than this is no catalogue record (the longest ISO one is 99,999 bytes). */
const XML_RECORD_MAX = 1024 * 1024;
/** How much of a file is looked at to tell what it is. */
export const SNIFF_BYTES = 64 * 1024;

const MARCXML_NAMESPACE = 'http://www.loc.gov/MARC21/slim';
/** A `<record>` start tag, with or without a namespace prefix (`<marc:record …>`). */
const RECORD_START = /<([A-Za-z_][\w.-]*:)?record[\s>/]/;

/**
 * What the file's first bytes say it is: ISO 2709 starts with a leader (five digits of length,
 * then its base address in digits at 12–16), MARCXML with markup naming MARC's namespace or
 * holding a `<record>`. Anything else is no MARC file.
 */
export function sniffFormat(head: Buffer): MarcFormat | null {
  let text = head.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  text = text.trimStart();
  if (/^\d{5}[\x20-\x7e]{7}\d{5}/.test(text) && text.includes('\x1e')) return 'iso2709';
  if (text.startsWith('<') && (text.includes(MARCXML_NAMESPACE) || RECORD_START.test(text)))
    return 'marcxml';
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes held as a Latin-1 string (one character a byte) read as the record's encoding. */
function decoderFor(leader: string, marc8: MarcLibraries['marc8']): (bytes: string) => string {
  // Leader/09: `a` is UCS/Unicode (UTF-8); blank is MARC-8.
  if (leader[9] === ' ')
    return (bytes) =>
      marc8(Buffer.from(bytes, 'latin1'), { normalization: false, invalid: 'replace' }).normalize(
        'NFC',
      );
  return (bytes) => utf8.decode(Buffer.from(bytes, 'latin1')).normalize('NFC');
}

const digits = (text: string) => /^\d+$/.test(text);

/** Why an ISO 2709 record's leader or directory cannot be trusted, or null when both hold. */
function directoryProblem(record: Buffer): string | null {
  if (record.length < 25) return 'the record is shorter than its leader';
  const leader = record.toString('latin1', 0, 24);
  const base = leader.slice(12, 17);
  if (!digits(leader.slice(0, 5)) || !digits(base)) return 'the leader is broken';
  const baseAddress = Number(base);
  const directoryLength = baseAddress - 25;
  if (
    baseAddress > record.length ||
    directoryLength < 0 ||
    directoryLength % 12 !== 0 ||
    record[baseAddress - 1] !== FIELD_TERMINATOR
  )
    return 'the directory is broken';
  const dataLength = record.length - baseAddress;
  for (let at = 24; at < baseAddress - 1; at += 12) {
    const entry = record.toString('latin1', at, at + 12);
    const length = entry.slice(3, 7);
    const start = entry.slice(7, 12);
    if (!/^[0-9A-Za-z]{3}$/.test(entry.slice(0, 3)) || !digits(length) || !digits(start))
      return 'the directory is broken';
    if (Number(length) < 1 || Number(start) + Number(length) > dataLength)
      return 'the directory is broken';
  }
  return null;
}

/** One ISO 2709 record (without its terminator) as fields of text, or why it cannot be read. */
function readIsoRecord(
  bytes: Buffer,
  { Iso2709Parser, marc8 }: MarcLibraries,
): MarcRecord | string {
  const problem = directoryProblem(bytes);
  if (problem) return problem;
  // marcjs reads every value through `toString`: given this record's bytes as Latin-1, it keeps
  // each field's bytes as they are, to be decoded below as the leader says (MARC-8 or UTF-8).
  const record = Buffer.from(bytes);
  Object.defineProperty(record, 'toString', {
    value: (_encoding: string, start?: number, end?: number) =>
      bytes.toString('latin1', start, end),
  });
  const parsed = Iso2709Parser.parse(record);
  const decode = decoderFor(parsed.leader, marc8);
  try {
    return {
      leader: parsed.leader,
      fields: parsed.fields.map(([tag = '', ...rest]): MarcField => {
        if (rest.length === 1) return { tag, value: decode(rest[0] ?? '') };
        const [indicators = '', ...pairs] = rest;
        const subfields: Subfield[] = [];
        for (let index = 0; index + 1 < pairs.length; index += 2)
          subfields.push({ code: pairs[index] ?? '', value: decode(pairs[index + 1] ?? '') });
        return { tag, ind1: indicators[0] ?? ' ', ind2: indicators[1] ?? ' ', subfields };
      }),
    };
  } catch {
    return 'its text is not valid UTF-8';
  }
}

/** A MARCXML `<record>` element as fields of text, or why it cannot be read. */
async function readXmlRecord(
  xml: string,
  { MARCXML }: MarcLibraries,
): Promise<MarcRecord | string> {
  try {
    // Empty values are a record's own business: the mapping skips them.
    const parsed = await MARCXML.from(xml, {
      fields: false,
      subfields: false,
      subfieldValues: false,
      controlFieldValues: false,
    });
    return {
      leader: parsed.leader,
      fields: parsed.fields.map((field): MarcField => {
        if (!field.subfields)
          return { tag: field.tag, value: (field.value ?? '').normalize('NFC') };
        return {
          tag: field.tag,
          ind1: field.ind1 ?? ' ',
          ind2: field.ind2 ?? ' ',
          subfields: field.subfields.map(({ code, value }) => ({
            code,
            value: (value ?? '').normalize('NFC'),
          })),
        };
      }),
    };
  } catch {
    return 'the record is not well-formed XML';
  }
}

const isBlank = (bytes: Buffer) => bytes.every((byte) => byte <= 0x20);

/** The raw ISO 2709 records of a stream, each without its terminator, or `null` for one too long. */
async function* isoRecords(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer | null> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let tooLong = false;
  for await (const chunk of chunks) {
    let from = 0;
    for (;;) {
      const end = chunk.indexOf(RECORD_TERMINATOR, from);
      const piece = chunk.subarray(from, end === -1 ? chunk.length : end);
      if (!tooLong) {
        pending.push(piece);
        pendingLength += piece.length;
        // Bounded: a record that never ends is dropped as it comes, never kept whole.
        if (pendingLength > ISO_RECORD_MAX) {
          tooLong = true;
          pending = [];
        }
      }
      if (end === -1) break;
      // Some files put a line break between records: it belongs to neither.
      const record = tooLong ? null : trimStartBlank(Buffer.concat(pending));
      if (record === null || record.length > 0) yield record;
      pending = [];
      pendingLength = 0;
      tooLong = false;
      from = end + 1;
    }
  }
  // What follows the last terminator is a record cut off, unless it is only a line break.
  if (tooLong) yield null;
  else if (!isBlank(Buffer.concat(pending))) yield Buffer.alloc(0);
}

function trimStartBlank(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length && (bytes[start] as number) <= 0x20) start += 1;
  return bytes.subarray(start);
}

/**
 * The `<record>` elements of a MARCXML stream as text: `null` for one too long to be a record,
 * `''` for one the file cuts off.
 */
async function* xmlRecords(chunks: AsyncIterable<Buffer>): AsyncGenerator<string | null> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  for await (const chunk of chunks) {
    text += decoder.write(chunk);
    for (;;) {
      const start = RECORD_START.exec(text);
      if (!start) {
        // Only the tail can still begin a record; the markup before it is the collection's.
        text = text.slice(-64);
        break;
      }
      const closing = `</${start[1] ?? ''}record>`;
      const end = text.indexOf(closing, start.index);
      if (end === -1) {
        text = text.slice(start.index);
        if (text.length > XML_RECORD_MAX) {
          yield null;
          text = text.slice(1);
        }
        break;
      }
      yield text.slice(start.index, end + closing.length);
      text = text.slice(end + closing.length);
    }
  }
  if (RECORD_START.test(text + decoder.end())) yield '';
}

/**
 * Every record of the file, in order, read or with the reason it was not: a broken record is
 * reported and the reading goes on with the next.
 */
export async function* readMarc(
  format: MarcFormat,
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<ReadRecord> {
  let number = 0;
  const libraries = await marcLibraries();
  if (format === 'iso2709') {
    for await (const raw of isoRecords(chunks)) {
      number += 1;
      if (raw === null) yield { number, broken: 'the record is longer than 99,999 bytes' };
      else if (raw.length === 0) yield { number, broken: 'the record is cut off' };
      else {
        const read = readIsoRecord(raw, libraries);
        yield typeof read === 'string' ? { number, broken: read } : { number, record: read };
      }
    }
    return;
  }
  for await (const xml of xmlRecords(chunks)) {
    number += 1;
    if (xml === null || xml === '') {
      yield {
        number,
        broken: xml === null ? 'the record is longer than 1 MB' : 'the record is cut off',
      };
      continue;
    }
    const read = await readXmlRecord(xml, libraries);
    yield typeof read === 'string' ? { number, broken: read } : { number, record: read };
  }
}
