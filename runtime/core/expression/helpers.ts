/**
 * The only functions an expression may call, by name (`includes(tags, 'vip')`). They take plain
 * values and never call anything they are given, so they add no route to code. Kept small on
 * purpose: every helper is API that stored schemas will depend on.
 */
type Helper = (...args: unknown[]) => unknown;

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/** String of a primitive; objects give '' so no object's own toString/valueOf is ever invoked. */
const str = (value: unknown): string =>
  value === null || value === undefined || typeof value === 'object' ? '' : String(value);

function splitList(value: unknown): string[] {
  if (isList(value)) return value.map(str);
  if (value === null || value === undefined || value === '') return [];
  return str(value).split(',');
}

export const EXPRESSION_HELPERS: Readonly<Record<string, Helper>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, Helper>, {
    /** JavaScript's includes on a string (substring) or an array (element, compared as strings). */
    includes: (haystack: unknown, needle: unknown) => {
      if (typeof haystack === 'string') return haystack.includes(str(needle));
      if (isList(haystack)) return haystack.some((v) => str(v) === str(needle));
      return false;
    },
    /** Membership in a stored multi value: a comma-joined string or an array. */
    hasValue: (list: unknown, value: unknown) => splitList(list).includes(str(value)),
    length: (value: unknown) => (typeof value === 'string' || isList(value) ? value.length : 0),
    /** Empty as a form sees it: undefined, null, '', [] or {}. */
    isEmpty: (value: unknown) =>
      value === undefined ||
      value === null ||
      value === '' ||
      (isList(value) && value.length === 0) ||
      (typeof value === 'object' && !isList(value) && Object.keys(value as object).length === 0),
    lower: (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value),
    upper: (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value),
    trim: (value: unknown) => (typeof value === 'string' ? value.trim() : value),
    number: (value: unknown) => (typeof value === 'number' ? value : str(value) === '' ? NaN : Number(str(value))),
    string: str,
  }),
);
