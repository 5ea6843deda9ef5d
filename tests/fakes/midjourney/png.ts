/**
 * Real PNG pictures for the drawing fakes: a 2x2 grid of four coloured quadrants (what Midjourney
 * answers for an imagine or a variation) and a single picture (an upscale, a Baidu SD image).
 */
import { crc32, deflateSync } from 'node:zlib';

type Colour = [number, number, number];

export const GRID_COLOURS: Colour[] = [
  [231, 111, 81], // top left
  [42, 157, 143], // top right
  [233, 196, 106], // bottom left
  [38, 70, 83], // bottom right
];

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/** An RGB PNG whose pixel (x, y) has the colour `paint` answers. */
export function png(width: number, height: number, paint: (x: number, y: number) => Colour): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const [r, g, b] = paint(x, y);
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A soft diagonal light over a base colour, so the pictures look drawn rather than flat. */
const shade = (base: Colour, x: number, y: number, size: number): Colour =>
  base.map((c) => Math.max(0, Math.min(255, Math.round(c + 60 * (1 - (x + y) / size) - 30)))) as Colour;

export function gridPng(size = 512): Buffer {
  const half = size / 2;
  return png(size, size, (x, y) =>
    shade(GRID_COLOURS[(y < half ? 0 : 2) + (x < half ? 0 : 1)]!, x % half, y % half, size),
  );
}

export function singlePng(colour: Colour, size = 256): Buffer {
  return png(size, size, (x, y) => shade(colour, x, y, size * 2));
}
