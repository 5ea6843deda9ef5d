/**
 * Client file names: only ever kept as text (the file table, the download's filename), never used
 * as a path. Any directory part is dropped ("../../etc/passwd" → "passwd"), control characters go.
 */

export const MAX_NAME_LENGTH = 200;

export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return 'file';
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}

/**
 * Content-Disposition for a download (RFC 6266 with the RFC 5987 filename*): an ASCII fallback
 * for old clients plus the exact UTF-8 name.
 */
export function attachmentDisposition(name: string): string {
  // Per code point, so an emoji becomes one "_", not two.
  const fallback = Array.from(name, (c) => (/^[\x20-\x7e]$/.test(c) && !/["\\%;]/.test(c) ? c : '_')).join('');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** "20 MB" for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} B`;
}
