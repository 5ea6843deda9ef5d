/**
 * Accept lists of the upload widgets (platform-shell §5): a file whose type is not in the list is
 * refused with 文件类型不正确 before any byte is sent. The server checks again, against the content.
 * An entry is an extension ("png", ".png"), a MIME type ("image/png") or a family ("image/*").
 */
export type UploadKind = 'image' | 'video' | 'audio' | 'file';

/** Spec defaults: images png, jpeg, jpg; video mp4, avi. Audio and files are ours. */
export const DEFAULT_ACCEPT: Record<UploadKind, readonly string[]> = {
  image: ['png', 'jpeg', 'jpg'],
  video: ['mp4', 'avi'],
  audio: ['mp3', 'wav'],
  // Empty: any type the server accepts.
  file: [],
};

/** "png, .JPG; image/*" or ['png'] → ['png', 'jpg', 'image/*'] (lower case, no dots). */
export function parseAccept(accept: string | readonly string[] | undefined | null): string[] {
  if (accept === undefined || accept === null) return [];
  const parts = typeof accept === 'string' ? accept.split(/[\s,;|]+/) : accept;
  return [
    ...new Set(parts.map((part) => String(part).trim().toLowerCase().replace(/^\./, '')).filter((part) => part !== '')),
  ];
}

/** The accept list in effect: the configured one, else the kind's default. */
export function acceptFor(kind: UploadKind, accept?: string | readonly string[] | null): string[] {
  const own = parseAccept(accept);
  return own.length ? own : [...DEFAULT_ACCEPT[kind]];
}

/** Lower-case extension of a file name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * Whether a file (name and browser-reported MIME type) is in the list. An empty list accepts
 * anything. Extensions decide first: browsers report no or wrong MIME types for many files.
 */
export function isAccepted(file: { name: string; type?: string }, list: readonly string[]): boolean {
  if (list.length === 0) return true;
  const ext = extensionOf(file.name);
  const mime = (file.type ?? '').toLowerCase();
  return list.some((entry) => {
    if (!entry.includes('/'))
      return (
        ext !== '' && (entry === ext || (entry === 'jpg' && ext === 'jpeg') || (entry === 'jpeg' && ext === 'jpg'))
      );
    if (entry.endsWith('/*')) return mime.startsWith(entry.slice(0, -1));
    return mime === entry;
  });
}

/** The value of an <input accept>: extensions get their dot back. */
export function acceptAttribute(list: readonly string[]): string | undefined {
  return list.length ? list.map((entry) => (entry.includes('/') ? entry : `.${entry}`)).join(',') : undefined;
}
