/**
 * MARC records for the import tests, written by @natlibfi/marc-record-serializers' writers in the
 * shape Koha exports (952 items), with MARC holdings (852) and Library of Congress style 880
 * fields; the Melinda records shipped with that package; and the multipart body that carries a file.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ISO2709, MARCXML, type WritableRecord } from '@natlibfi/marc-record-serializers';
import type { MarcImportReport } from '../../src/common/marc-schemas.ts';
import type { Agent } from './agent.ts';

type Subfields = [code: string, value: string][];
export interface FieldSpec {
  tag: string;
  ind?: string;
  value?: string;
  subfields?: Subfields;
}

/** A record from its fields; leader/09 `a` (UTF-8) unless `leader` says otherwise. */
export function record(fields: FieldSpec[], leader = '00000nam a2200000 a 4500'): WritableRecord {
  const controls = fields
    .filter((field) => field.value !== undefined)
    .map((field) => ({ tag: field.tag, value: field.value as string }));
  const data = fields
    .filter((field) => field.subfields)
    .map((field) => ({
      tag: field.tag,
      ind1: field.ind?.[0] ?? ' ',
      ind2: field.ind?.[1] ?? ' ',
      subfields: (field.subfields as Subfields).map(([code, value]) => ({ code, value })),
    }));
  return { leader, getControlfields: () => controls, getDatafields: () => data };
}

export const isoFile = (...records: WritableRecord[]) =>
  Buffer.from(records.map((one) => ISO2709.to(one)).join(''), 'utf8');

export const xmlFile = (...records: WritableRecord[]) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${records
      .map((one) => MARCXML.to(one, { omitDeclaration: true }))
      .join('\n')}\n</collection>\n`,
    'utf8',
  );

/** A Koha item: barcode, call number and its flags (lost, withdrawn, damaged, not for loan). */
export function kohaItem(
  barcode: string | null,
  callNumber: string,
  flags: { lost?: string; withdrawn?: string; damaged?: string; notForLoan?: string } = {},
): FieldSpec {
  const subfields: Subfields = [
    ['a', 'MAIN'],
    ['b', 'MAIN'],
    ['o', callNumber],
    ['y', 'BK'],
  ];
  if (barcode !== null) subfields.push(['p', barcode]);
  if (flags.lost) subfields.push(['1', flags.lost]);
  if (flags.withdrawn) subfields.push(['0', flags.withdrawn]);
  if (flags.damaged) subfields.push(['4', flags.damaged]);
  if (flags.notForLoan) subfields.push(['7', flags.notForLoan]);
  return { tag: '952', subfields };
}

/** A Koha-shaped book record: 001 (biblionumber), 020, 100, 245, 264, 520, 650, then items. */
export function kohaBook(options: {
  id: string;
  title: string;
  subtitle?: string;
  author?: string;
  isbn?: string;
  subject?: string;
  summary?: string;
  items?: FieldSpec[];
  extra?: FieldSpec[];
}): WritableRecord {
  const fields: FieldSpec[] = [{ tag: '001', value: options.id }];
  if (options.isbn) fields.push({ tag: '020', subfields: [['a', `${options.isbn} (pbk.)`]] });
  if (options.author)
    fields.push({ tag: '100', ind: '1 ', subfields: [['a', `${options.author},`]] });
  const title: Subfields = [['a', options.subtitle ? `${options.title} :` : `${options.title} /`]];
  if (options.subtitle) title.push(['b', `${options.subtitle} /`]);
  fields.push({ tag: '245', ind: '10', subfields: title });
  fields.push({
    tag: '264',
    ind: ' 1',
    subfields: [
      ['a', 'Dhaka :'],
      ['b', 'Ananda,'],
      ['c', '2019.'],
    ],
  });
  if (options.summary) fields.push({ tag: '520', subfields: [['a', options.summary]] });
  if (options.subject)
    fields.push({ tag: '650', ind: ' 0', subfields: [['a', `${options.subject}.`]] });
  fields.push(...(options.extra ?? []), ...(options.items ?? []));
  return record(fields);
}

/** The Melinda records of @natlibfi/marc-record-serializers' own tests (National Library of Finland). */
export function melindaFixture(folder: 'iso2709' | 'marcxml', name: string): Buffer {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@natlibfi/marc-record-serializers');
  const root = path.resolve(path.dirname(entry), '..');
  return readFileSync(path.join(root, 'test-fixtures', folder, name));
}

/** A `multipart/form-data` body: the category field, then the file. */
export function marcForm(
  file: Buffer,
  category: string | null = 'Novel',
  filename = 'records.mrc',
) {
  const boundary = `----pathagar${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  if (category !== null)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${category}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface ErrorAnswer {
  error: string;
  code: string;
  issues?: { path: string; message: string }[];
}

/** POST /api/desk/books/marc with the file and the category, as the desk's form sends them. */
export const importMarc = (
  agent: Agent,
  file: Buffer,
  { category = 'Novel' as string | null, dryRun = false } = {},
) => {
  const { payload, headers } = marcForm(file, category);
  return agent.request<MarcImportReport & ErrorAnswer>({
    method: 'POST',
    url: `/api/desk/books/marc${dryRun ? '?dryRun=true' : ''}`,
    payload,
    headers,
  });
};
