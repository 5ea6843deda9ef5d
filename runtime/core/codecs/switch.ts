/**
 * Switches edit a boolean and store 1 / 0, which every dialect accepts for its boolean or tinyint
 * column. Decoding tolerates what the three databases and imports hand back: true/false, 1/0,
 * "1"/"0", "true"/"false" in any casing.
 */
import type { ValueCodec } from '../registry';

export function toBoolean(stored: unknown): boolean | undefined {
  if (stored === null || stored === undefined || stored === '') return undefined;
  if (typeof stored === 'boolean') return stored;
  if (typeof stored === 'number' || typeof stored === 'bigint') return Number(stored) !== 0;
  if (typeof stored === 'string') {
    const text = stored.trim().toLowerCase();
    if (['1', 'true', 'yes', 'y', 'on'].includes(text)) return true;
    if (['0', 'false', 'no', 'n', 'off'].includes(text)) return false;
  }
  return undefined;
}

export const switchCodec: ValueCodec<boolean, 0 | 1> = {
  decode: (stored) => toBoolean(stored),
  encode(value) {
    const bool = toBoolean(value);
    return bool === undefined ? null : bool ? 1 : 0;
  },
};
