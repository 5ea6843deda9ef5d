/**
 * HTTP range requests on downloads (RFC 9110 §14): one range per request, `bytes=a-b`, `bytes=a-`
 * or `bytes=-n`. Several ranges (multipart/byteranges) are answered with the whole file, which the
 * RFC allows; a range outside the file answers 416. Video and audio players seek with these, and a
 * cut download resumes instead of starting over.
 */
import { Transform, type Readable } from 'node:stream';
import type { ByteRange } from './storage';

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE.exec(header.trim());
  // Not a single byte range (another unit, a list, garbage): ignored, as the RFC permits.
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, from, to] = match;
  if (from === '') {
    // Suffix: the last n bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(from);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', range: { start, end } };
}

/**
 * Only bytes start..end (inclusive) of a stream: for a store that answered a range request with
 * the whole object (a server that ignores Range). Stops reading once the end is passed.
 */
export function sliceStream(source: Readable, range: ByteRange): Readable {
  let offset = 0;
  let finished = false;
  const slice = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (finished) return done();
      const from = Math.max(0, range.start - offset);
      const to = Math.min(chunk.length, range.end + 1 - offset);
      offset += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (offset > range.end) {
        finished = true;
        this.push(null);
        source.destroy();
      }
      done();
    },
  });
  source.on('error', (error) => slice.destroy(error));
  return source.pipe(slice);
}
