/**
 * Whether uploaded bytes are an EPUB the library may store (docs/product/digital-library.md):
 * a ZIP whose first entry is `mimetype` holding `application/epub+zip`, whose
 * `META-INF/container.xml` names an OPF package that is in the ZIP, and which unpacks to at most
 * `maxUnpackedBytes`. The size unpacked is what inflating actually produced, never what the ZIP's
 * headers claim, and inflating stops as soon as it passes the bound, so a zip bomb costs at most
 * the bound's worth of work and never holds it in memory.
 *
 * Bytes are pushed as they arrive (the upload is inspected while it is received) and fed to
 * fflate's streaming unzip in small pieces: deflate expands at most about 1032 times, so a piece
 * of INFLATE_PIECE bytes never yields more than ~17 MB at once, whatever the archive says. The
 * inspection gives other requests their turn after every YIELD_AFTER_BYTES unpacked and every
 * YIELD_AFTER_ENTRIES entries, not only per bytes received: 0.6 MB of zipped zeros, or a ZIP of
 * 100,000 empty entries, held the server for seconds (issue 33).
 *
 * OCF puts the `mimetype` entry at the very start of the file: bytes before it (a page followed
 * by an EPUB) are refused, though a ZIP reader would skip them.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

const INFLATE_PIECE = 16 * 1024;
const YIELD_AFTER_BYTES = 8 * 1024 * 1024;
const YIELD_AFTER_ENTRIES = 500;
/** No EPUB of the library's has nearly this many files; a ZIP of more is refused. */
const MAX_ENTRIES = 10_000;
/** A ZIP's local file header, then 26 bytes of it, then the entry's name. */
const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const NAME_AT = 30;
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));
const EPUB_MIMETYPE = 'application/epub+zip';
const EPUB_FIRST_ENTRY = 'mimetype';
const CONTAINER = 'META-INF/container.xml';
/** The files read whole (mimetype, container, package) are small; larger ones are not EPUB's. */
const KEPT_FILE_MAX = 4 * 1024 * 1024;

export type EpubVerdict = { valid: true } | { valid: false; reason: string };

export class EpubInspector {
  private readonly unzip = new Unzip();
  private readonly names: string[] = [];
  private readonly kept = new Map<string, Uint8Array[]>();
  private unpacked = 0;
  /** The first bytes of the file, to find `mimetype` at its very start. */
  private start = new Uint8Array(0);
  private workSinceYield = { bytes: 0, entries: 0 };
  private refusal: string | undefined;

  constructor(private readonly maxUnpackedBytes: number) {
    this.unzip.register(UnzipInflate);
    this.unzip.onfile = (file) => this.open(file);
  }

  /**
   * Takes the next bytes of the upload; once a refusal is known the rest is ignored. Settles once
   * they are inspected, having let other requests go first whenever they made much work.
   */
  async push(chunk: Uint8Array): Promise<void> {
    if (this.start.length < NAME_AT + EPUB_FIRST_ENTRY.length) {
      this.start = Buffer.concat([
        this.start,
        chunk.subarray(0, NAME_AT + EPUB_FIRST_ENTRY.length),
      ]);
    }
    for (let at = 0; at < chunk.length && !this.refusal; at += INFLATE_PIECE) {
      this.feed(chunk.subarray(at, at + INFLATE_PIECE), false);
      await this.yieldIfBusy();
    }
  }

  private async yieldIfBusy(): Promise<void> {
    const work = this.workSinceYield;
    if (work.bytes < YIELD_AFTER_BYTES && work.entries < YIELD_AFTER_ENTRIES) return;
    this.workSinceYield = { bytes: 0, entries: 0 };
    await yieldToOthers();
  }

  /** Whether it was refused already: the caller may stop early. */
  get refused(): boolean {
    return this.refusal !== undefined;
  }

  verdict(): EpubVerdict {
    if (!this.refusal) this.feed(new Uint8Array(0), true);
    if (this.refusal) return { valid: false, reason: this.refusal };
    const startsWithMimetype =
      LOCAL_HEADER.every((byte, index) => this.start[index] === byte) &&
      Buffer.from(this.start.subarray(NAME_AT, NAME_AT + EPUB_FIRST_ENTRY.length)).toString(
        'latin1',
      ) === EPUB_FIRST_ENTRY;
    if (!startsWithMimetype) return refuse('it does not begin with its mimetype entry');
    if (this.names[0] !== 'mimetype') return refuse('its first entry is not mimetype');
    if (textOf(this.kept.get('mimetype')).trim() !== EPUB_MIMETYPE)
      return refuse(`its mimetype is not ${EPUB_MIMETYPE}`);
    const container = this.kept.get(CONTAINER);
    if (!container) return refuse(`it has no ${CONTAINER}`);
    const packagePath = /<rootfile\b[^>]*\bfull-path\s*=\s*["']([^"']+)["']/.exec(
      textOf(container),
    )?.[1];
    if (!packagePath) return refuse(`its ${CONTAINER} names no package`);
    if (!this.names.includes(packagePath)) return refuse(`its package ${packagePath} is missing`);
    if (!/<package\b/.test(textOf(this.kept.get(packagePath))))
      return refuse(`its package ${packagePath} is not an OPF package`);
    return { valid: true };
  }

  private feed(piece: Uint8Array, final: boolean): void {
    try {
      this.unzip.push(piece, final);
    } catch (error) {
      this.refusal ??= `it is not a readable ZIP (${error instanceof Error ? error.message : 'unknown'})`;
    }
  }

  private open(file: UnzipFile): void {
    this.names.push(file.name);
    this.workSinceYield.entries += 1;
    if (this.names.length > MAX_ENTRIES) {
      this.refusal ??= `it holds more than ${MAX_ENTRIES} files`;
      return;
    }
    // The package's name is known only once the container is read; the ZIP lists it after that.
    const keep = file.name === 'mimetype' || file.name === CONTAINER || file.name.endsWith('.opf');
    let keptBytes = 0;
    file.ondata = (error, data, _final) => {
      if (this.refusal) return;
      if (error) {
        this.refusal = `its entry ${file.name} cannot be unpacked`;
        return;
      }
      this.unpacked += data.length;
      this.workSinceYield.bytes += data.length;
      if (this.unpacked > this.maxUnpackedBytes) {
        this.refusal = 'it unpacks to more than the allowed size';
        file.terminate();
        return;
      }
      if (keep && (keptBytes += data.length) <= KEPT_FILE_MAX) {
        const parts = this.kept.get(file.name) ?? [];
        parts.push(data);
        this.kept.set(file.name, parts);
      }
    };
    file.start();
  }
}

function refuse(reason: string): EpubVerdict {
  return { valid: false, reason };
}

function textOf(parts: Uint8Array[] | undefined): string {
  if (!parts) return '';
  return Buffer.concat(parts).toString('utf8');
}
