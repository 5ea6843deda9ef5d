/** Route schemas of the api page's routes (docs/conventions.md "Route schemas"). */
import { recordId, strictObject, text } from '../http/shapes';
import { ERROR_KEY } from '../http/validation';
import { AUTH_TYPES, METHODS, NAME_PATTERN, PATH_PATTERN } from './source';

const optionalText = (max: number, description: string) =>
  ({ type: ['string', 'null'], maxLength: max, description }) as const;

const name = {
  type: 'string',
  pattern: NAME_PATTERN,
  [ERROR_KEY]: 'apiSource.nameInvalid',
  description: 'The name pages use (dataSource api apiData/<name>): a letter, then letters, digits, _ or -',
} as const;

const path = (errorKey: string, description: string) =>
  ({
    type: ['string', 'null'],
    maxLength: 256,
    pattern: PATH_PATTERN,
    [ERROR_KEY]: errorKey,
    description,
  }) as const;

const SOURCE_PROPERTIES = {
  name,
  title: text(128, 'What admins and page authors call it'),
  base_url: text(2048, 'The http(s) URL called; checked by the SSRF guard on save and on every call'),
  method: { enum: [...METHODS], description: 'GET, POST or PUT' },
  headers: optionalText(8000, 'JSON object of extra request headers (not secrets: use auth)'),
  query_template: optionalText(8000, 'JSON object of query parameters; values may hold {{name}} placeholders'),
  body_template: optionalText(8000, 'JSON body for POST/PUT; string values may hold {{name}} placeholders'),
  auth_type: { enum: [...AUTH_TYPES], description: 'none, bearer, basic or apiKey' },
  auth_name: optionalText(128, 'basic: the user name; apiKey: the header or query parameter name'),
  auth_in: { enum: ['header', 'query', null], description: 'apiKey: sent as a header (default) or a query parameter' },
  auth_secret: optionalText(
    4096,
    'The token, password or key; stored encrypted, never answered. Empty keeps the stored one',
  ),
  rows_path: path('apiSource.rowsPathInvalid', 'Dotted path to the rows in the answer (empty: the answer is the list)'),
  total_path: path(
    'apiSource.totalPathInvalid',
    'Dotted path to the total (empty: every row is in the answer; the server pages them)',
  ),
  timeout_ms: { type: 'integer', minimum: 1000, maximum: 60000, description: 'Time limit of one call, ms' },
  shared: { enum: [0, 1], description: '1: every signed-in user of the app may read its rows; 0: admins only' },
  remark: optionalText(500, 'Notes'),
} as const;

/** Read-only keys the edit form sends back with the values: accepted and ignored. */
const IGNORED = {
  id: { description: 'Ignored (the id is in the path)' },
  create_at: { description: 'Ignored' },
  update_at: { description: 'Ignored' },
  create_by: { description: 'Ignored' },
  update_by: { description: 'Ignored' },
  auth_secret_set: { description: 'Ignored (whether a secret is stored)' },
  auth_secret_mask: { description: 'Ignored (the masked secret)' },
} as const;

export const IGNORED_KEYS = Object.keys(IGNORED);

export const SOURCE_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...SOURCE_PROPERTIES, ...IGNORED },
    mode === 'create' ? 'A new REST data source' : 'The fields to change',
    mode === 'create'
      ? [
          ...(Object.keys(SOURCE_PROPERTIES) as (keyof typeof SOURCE_PROPERTIES)[]).filter(
            (key) => !['name', 'title', 'base_url'].includes(key),
          ),
          ...(Object.keys(IGNORED) as (keyof typeof IGNORED)[]),
        ]
      : [
          ...(Object.keys(SOURCE_PROPERTIES) as (keyof typeof SOURCE_PROPERTIES)[]),
          ...(Object.keys(IGNORED) as (keyof typeof IGNORED)[]),
        ],
  );

export const ID_PARAMS = strictObject({ id: recordId }, 'The data source addressed');
export const DATA_PARAMS = strictObject({ name }, 'The data source read');

export const IDS_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 100, items: recordId, description: 'The data sources to remove' } },
  'Data sources to remove',
);

const page = {
  current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000, description: 'Rows per page' },
} as const;

export const LIST_QUERY = strictObject(
  {
    ...page,
    name: { type: 'string', maxLength: 64, description: 'Part of the name' },
    title: { type: 'string', maxLength: 128, description: 'Part of the title' },
    auth_type: { enum: [...AUTH_TYPES], description: 'Only sources with this auth type' },
  },
  'Paging and filters of the data sources list',
  ['current', 'pageSize', 'name', 'title', 'auth_type'],
);

/** Values a page sends: the page and its search values, filled into the source's templates. */
export const DATA_QUERY = {
  type: 'object',
  description: 'current, pageSize and the search values: the {{name}} values of the templates',
  maxProperties: 50,
  additionalProperties: { type: 'string', maxLength: 1000, description: 'A value for a {{name}} placeholder' },
  propertyNames: { pattern: '^[A-Za-z0-9_]{1,64}$' },
} as const;

/** The test call: the row's id as the callApi action sends it, and optional template values. */
export const TEST_BODY = strictObject(
  {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: 1,
      items: recordId,
      description: 'The data source to call (one id: the callApi action sends the row as ids)',
    },
    params: {
      type: 'object',
      maxProperties: 50,
      description: 'Values by placeholder name ({{current}}, {{pageSize}}, search values)',
      propertyNames: { pattern: '^[A-Za-z0-9_]{1,64}$' },
      additionalProperties: { type: ['string', 'number', 'boolean'], description: 'A value' },
    },
  },
  'Which data source to test-call, with optional template values',
  ['params'],
);
