/** One byte range of a resource, both ends inclusive (as Content-Range writes them). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The Range header of a GET (RFC 9110 section 14): a single range is answered with 206, a range starting past
 * the end with 416 ('unsatisfiable'). Anything else (no header, a malformed one, several ranges) gets the
 * whole resource, as the RFC allows a server to ignore Range.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = SINGLE_RANGE.exec(header?.replace(/\s+/g, '') ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // "-N": the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
