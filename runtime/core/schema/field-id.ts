/**
 * Field ids (issue 12 item 4): the id names a field for life, whatever its key or title becomes, so
 * the model binds a column to the id and a key rename keeps the data. Committed and stored version-1
 * schemas get ids derived from their keys by migration 0002 (deterministic: every read of the same
 * old JSON gives the same ids); a field created later (designer, AI) gets a random one here.
 */

/** What an id looks like (the meta-schema's field `id`): f_ then letters, digits or _. */
export const FIELD_ID_PATTERN = /^f_[A-Za-z0-9_]{1,61}$/;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A new random id: f_ + 12 base-36 characters (~62 bits), longer than the 7-character ids derived
 * from keys so that the two kinds never meet. crypto.getRandomValues exists in browsers and Node.
 */
export function newFieldId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let id = 'f_';
  for (const byte of bytes) id += ALPHABET[byte % 36];
  return id;
}
