/**
 * Bounds a .xlsx (a zip) before the spreadsheet reader inflates it: a zip bomb declares small
 * sizes or none and expands to gigabytes. Every entry is inflated here with a hard output cap
 * (zlib's maxOutputLength), so the bound holds even when the sizes in the headers lie; entry
 * count, encryption flags and structure are checked on the way. Throws ImportFileError.
 */
import { inflateRawSync } from 'node:zlib';
import { ImportFileError } from './errors';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface ZipLimits {
  /** Total bytes of all entries once inflated. */
  maxUnzipped: number;
  maxEntries: number;
}

function findEnd(buf: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new ImportFileError('data.import.corrupt');
}

export function checkZip(buf: Buffer, limits: ZipLimits): void {
  if (buf.length < 22) throw new ImportFileError('data.import.corrupt');
  const end = findEnd(buf);
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const offset = buf.readUInt32LE(end + 16);
  // Zip64 markers: a spreadsheet small enough to import never needs them.
  if (count === 0xffff || offset === 0xffffffff || offset + size > end)
    throw new ImportFileError('data.import.corrupt');
  if (count === 0) throw new ImportFileError('data.import.corrupt');
  if (count > limits.maxEntries) throw new ImportFileError('data.import.tooLarge');
  let total = 0;
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) throw new ImportFileError('data.import.corrupt');
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const declared = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (flags & 0x1) throw new ImportFileError('data.import.encrypted');
    if (declared > limits.maxUnzipped - total) throw new ImportFileError('data.import.tooLarge');
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new ImportFileError('data.import.corrupt');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw new ImportFileError('data.import.corrupt');
    const data = buf.subarray(start, start + compressed);
    let actual: number;
    if (method === 0) actual = compressed;
    else if (method === 8) {
      try {
        actual = inflateRawSync(data, { maxOutputLength: Math.max(1, limits.maxUnzipped - total) }).length;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
          throw new ImportFileError('data.import.tooLarge');
        throw new ImportFileError('data.import.corrupt');
      }
    } else throw new ImportFileError('data.import.corrupt');
    if (actual !== declared) throw new ImportFileError('data.import.corrupt');
    total += actual;
    at = next;
  }
}
