/** Route schemas of the file library (docs/resource.md, docs/conventions.md "Route schemas"). */
import { recordId, strictObject } from '../http/shapes';
import { ERROR_KEY } from '../http/validation';

/** Longest folder or file name (the file API's own limit for uploaded names). */
export const NAME_MAX = 200;

/**
 * A folder or file name as typed: not blank, not "." or "..", no slash, backslash or control
 * character. Names are only ever text (the storage key is the server's), but a name that looks
 * like a path is refused rather than silently changed, so the admin sees why.
 */
export const resourceName = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX,
  pattern: '^(?!\\s*\\.{1,2}\\s*$)(?=.*\\S)[^/\\\\\\u0000-\\u001f\\u007f]+$',
  [ERROR_KEY]: 'resource.nameInvalid',
  description: 'A folder or file name: no / or \\, not . or .., at most 200 characters',
} as const;

const parentId = {
  type: ['string', 'null'],
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: 'The folder (null or absent: the library root)',
} as const;

const ids = {
  type: 'array',
  minItems: 1,
  maxItems: 200,
  items: recordId,
  description: 'The folders and files addressed',
} as const;

export const ID_PARAMS = strictObject({ id: recordId }, 'The folder or file addressed');

export const LIST_QUERY = strictObject(
  {
    parentId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The folder listed (absent: root)' },
    keyword: { type: 'string', maxLength: NAME_MAX, description: 'Part of a name: searches the whole library' },
    deleted: { type: 'integer', enum: [0, 1], description: '1 = the recycle bin (deleted items)' },
    current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 200, description: 'Rows per page' },
  },
  'Which folder, search or recycle-bin page to list',
  ['parentId', 'keyword', 'deleted', 'current', 'pageSize'],
);

export const UPLOAD_QUERY = strictObject(
  { parentId: LIST_QUERY.properties.parentId },
  'The folder the upload goes into',
  ['parentId'],
);

export const FOLDER_BODY = strictObject({ name: resourceName, parentId }, 'A new folder', ['parentId']);
export const RENAME_BODY = strictObject({ name: resourceName }, 'The new name');
export const MOVE_BODY = strictObject({ ids, parentId }, 'What to move and where');
export const IDS_BODY = strictObject({ ids }, 'The folders and files addressed');
