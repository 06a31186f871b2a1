/**
 * The one byte range of a `Range` header (RFC 9110 §14), as the EPUB's answer serves it:
 * `bytes=a-b`, `bytes=a-` and `bytes=-n`. A header that is malformed, asks for several ranges
 * or whose `If-Range` names another version is ignored (the whole file is sent, as the RFC
 * allows); a range wholly past the end is unsatisfiable (416).
 */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function byteRange(
  header: string | undefined,
  size: number,
  validator: { ifRange: string | undefined; etag: string },
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  if (validator.ifRange !== undefined && validator.ifRange !== validator.etag) return undefined;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
