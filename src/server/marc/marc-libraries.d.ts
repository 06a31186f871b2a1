/**
 * The parts of the MARC libraries the import and export use (docs/decisions/020-marc.md); none of
 * them ships its own types.
 */
declare module 'marcjs' {
  /** A record as marcjs holds it: `[tag, value]` or `[tag, indicators, code, value, code, value…]`. */
  export interface MarcjsRecord {
    leader: string;
    fields: string[][];
  }
  export const Iso2709Parser: {
    /** One ISO 2709 record, its terminator left out; it reads the bytes through `toString`. */
    parse(record: Buffer): MarcjsRecord;
  };
}

declare module '@natlibfi/marc-record-serializers' {
  export interface NatlibfiSubfield {
    code: string;
    value?: string;
  }
  export interface NatlibfiField {
    tag: string;
    value?: string;
    ind1?: string;
    ind2?: string;
    subfields?: NatlibfiSubfield[];
  }
  export interface NatlibfiRecord {
    leader: string;
    fields: NatlibfiField[];
  }
  export interface ValidationOptions {
    fields?: boolean;
    subfields?: boolean;
    subfieldValues?: boolean;
    controlFieldValues?: boolean;
  }
  /** What the writers read of a record: its leader and its fields of each kind, in order. */
  export interface WritableRecord {
    leader: string;
    getControlfields(): { tag: string; value: string }[];
    getDatafields(): {
      tag: string;
      ind1: string;
      ind2: string;
      subfields: { code: string; value: string }[];
    }[];
  }
  export const MARCXML: {
    /** One `<record>` element (a namespace prefix on it is allowed). */
    from(xml: string, validation?: ValidationOptions): Promise<NatlibfiRecord>;
    to(record: WritableRecord, options?: { omitDeclaration?: boolean; indent?: boolean }): string;
  };
  export const ISO2709: {
    /** The record as a string of UTF-8 text; its lengths are counted in bytes. */
    to(record: WritableRecord): string;
  };
}

declare module 'marc8' {
  /** MARC-8 bytes as Unicode, by the Library of Congress's code tables. */
  export default function marc8(
    bytes: Buffer,
    options?: { normalization?: false | 'NFC'; invalid?: 'replace'; replace?: string },
  ): string;
}
