/**
 * Just enough PNG to make thumbnails without a native image library: decode a non-interlaced
 * 8-bit PNG (grey, RGB, palette, grey+alpha, RGBA) to RGBA, shrink it by area averaging to fit a
 * box, and encode RGBA back to PNG. Midjourney and Baidu SD-XL deliver PNG; a result in another
 * format keeps the original as its thumbnail (docs/ai.md "Image studio").
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

export interface Rgba {
  width: number;
  height: number;
  /** width × height × 4 bytes. */
  data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Decoding refuses images past this many pixels (a decompression bomb stays a refusal). */
const MAX_PIXELS = 64 * 1024 * 1024;

export const isPng = (bytes: Buffer) => bytes.length > 8 && bytes.subarray(0, 8).equals(SIGNATURE);

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Answers undefined for anything it does not read (16-bit, interlaced, broken): the caller falls back. */
export function decodePng(bytes: Buffer): Rgba | undefined {
  if (!isPng(bytes)) return undefined;
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  let palette: Buffer | undefined;
  let alphas: Buffer | undefined;
  const idat: Buffer[] = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colorType = body[9]!;
      if (depth !== 8 || body[12] !== 0 || CHANNELS[colorType] === undefined) return undefined;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') alphas = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
  }
  if (!width || !height || width * height > MAX_PIXELS) return undefined;
  const channels = CHANNELS[colorType]!;
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: (stride + 1) * height });
  } catch {
    return undefined;
  }
  if (raw.length < (stride + 1) * height) return undefined;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[line + x]!;
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const corner = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, corner);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const at = i * channels;
    let rgba: [number, number, number, number];
    if (colorType === 6) rgba = [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!, pixels[at + 3]!];
    else if (colorType === 2) rgba = [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!, 255];
    else if (colorType === 0) rgba = [pixels[at]!, pixels[at]!, pixels[at]!, 255];
    else if (colorType === 4) rgba = [pixels[at]!, pixels[at]!, pixels[at]!, pixels[at + 1]!];
    else {
      const index = pixels[at]!;
      if (!palette || index * 3 + 2 >= palette.length) return undefined;
      rgba = [palette[index * 3]!, palette[index * 3 + 1]!, palette[index * 3 + 2]!, alphas?.[index] ?? 255];
    }
    data.set(rgba, i * 4);
  }
  return { width, height, data };
}

/** Shrinks to fit inside box × box (aspect kept, never enlarged), each pixel the mean of its area. */
export function fitInside(image: Rgba, box: number): Rgba {
  const scale = Math.min(1, box / image.width, box / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy += 1)
        for (let sx = x0; sx < x1; sx += 1) {
          const at = (sy * image.width + sx) * 4;
          for (let c = 0; c < 4; c += 1) sum[c]! += image.data[at + c]!;
        }
      const count = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c += 1) data[(y * width + x) * 4 + c] = Math.round(sum[c]! / count);
    }
  }
  return { width, height, data };
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

export function encodePng(image: Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const stride = image.width * 4;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y += 1)
    Buffer.from(image.data.buffer, image.data.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG thumbnail fitting box × box, or undefined when the image is not a PNG this module reads. */
export function thumbnail(bytes: Buffer, box: number): Buffer | undefined {
  const image = decodePng(bytes);
  return image ? encodePng(fitInside(image, box)) : undefined;
}
