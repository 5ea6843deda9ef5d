/**
 * The file types the server stores, each with how to recognise its content (magic bytes) and the
 * Content-Type it is served with. A file is accepted only if its extension is in this table (and in
 * the caller's accept list) AND its bytes look like that type: an ".png" that is really HTML is
 * refused. Anything a browser could run (HTML, SVG, XML, text) is served as application/octet-stream.
 */
export interface FileKind {
  /** The type served on download: only inert types are named, the rest are octet-stream. */
  mime: string;
  sniff: (head: Buffer) => boolean;
}

const OCTET = 'application/octet-stream';

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const riff = (form: string) => (head: Buffer) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii(form), 8);

const png = (h: Buffer) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = (h: Buffer) => startsWith(h, [0xff, 0xd8, 0xff]);
const gif = (h: Buffer) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a'));
const zip = (h: Buffer) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]);
const ole = (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isoMedia = (h: Buffer) => startsWith(h, ascii('ftyp'), 4);
const mp3 = (h: Buffer) => startsWith(h, ascii('ID3')) || (h.length > 1 && h[0] === 0xff && (h[1] & 0xe0) === 0xe0);

const MARKUP = /<\s*(?:!doctype|html|head|body|script|iframe|object|embed|svg|meta|link|style|\?xml)\b/i;

/** UTF-8 text without NUL bytes and without HTML markup (a text file must not be a page). */
function plainText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  return !text.includes('\uFFFD') && !MARKUP.test(text);
}

/** SVG is kept (logos, icons) but never served inline: it can carry script. */
function svg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  return /<svg[\s>]/i.test(head.toString('utf8'));
}

export const FILE_KINDS: Record<string, FileKind> = {
  png: { mime: 'image/png', sniff: png },
  jpg: { mime: 'image/jpeg', sniff: jpeg },
  jpeg: { mime: 'image/jpeg', sniff: jpeg },
  gif: { mime: 'image/gif', sniff: gif },
  webp: { mime: 'image/webp', sniff: riff('WEBP') },
  bmp: { mime: 'image/bmp', sniff: (h) => startsWith(h, ascii('BM')) },
  svg: { mime: OCTET, sniff: svg },
  pdf: { mime: 'application/pdf', sniff: (h) => startsWith(h, ascii('%PDF-')) },
  zip: { mime: 'application/zip', sniff: zip },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: zip },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: zip },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniff: zip },
  doc: { mime: 'application/msword', sniff: ole },
  xls: { mime: 'application/vnd.ms-excel', sniff: ole },
  ppt: { mime: 'application/vnd.ms-powerpoint', sniff: ole },
  mp4: { mime: 'video/mp4', sniff: isoMedia },
  mov: { mime: 'video/quicktime', sniff: isoMedia },
  avi: { mime: 'video/x-msvideo', sniff: riff('AVI ') },
  mp3: { mime: 'audio/mpeg', sniff: mp3 },
  wav: { mime: 'audio/wav', sniff: riff('WAVE') },
  ogg: { mime: 'audio/ogg', sniff: (h) => startsWith(h, ascii('OggS')) },
  txt: { mime: OCTET, sniff: plainText },
  csv: { mime: OCTET, sniff: plainText },
  md: { mime: OCTET, sniff: plainText },
  json: { mime: OCTET, sniff: plainText },
};

/** How many leading bytes the sniffers look at. */
export const SNIFF_BYTES = 4096;

export function kindOf(ext: string): FileKind | undefined {
  return Object.hasOwn(FILE_KINDS, ext) ? FILE_KINDS[ext] : undefined;
}

/** The Content-Type a stored file is served with: inert types by name, everything else octet-stream. */
export function safeContentType(ext: string): string {
  return kindOf(ext)?.mime ?? OCTET;
}

/**
 * Checks a file against the caller's accept list and the server's table. Answers the catalog key
 * of the refusal, or undefined when the file is acceptable. `accept` holds extensions or MIME
 * families as the widgets send them (runtime/core/upload/accept.ts).
 */
export function checkFile(
  ext: string,
  head: Buffer,
  accept: readonly string[],
): 'upload.typeInvalid' | 'upload.contentMismatch' | undefined {
  const kind = kindOf(ext);
  if (!kind) return 'upload.typeInvalid';
  if (accept.length) {
    const alias = ext === 'jpg' ? 'jpeg' : ext === 'jpeg' ? 'jpg' : ext;
    const family = kind.mime.split('/')[0];
    const listed = accept.some(
      (entry) => entry === ext || entry === alias || entry === kind.mime || entry === `${family}/*`,
    );
    if (!listed) return 'upload.typeInvalid';
  }
  return kind.sniff(head.subarray(0, SNIFF_BYTES)) ? undefined : 'upload.contentMismatch';
}
