/** Route schemas of the documents' routes (docs/conventions.md "Route schemas"). */
import { recordId, strictObject, text } from '../http/shapes';

/** Read-only keys an edit form may send back with the values: accepted and ignored. */
const IGNORED = {
  id: { description: 'Ignored (the id is in the path)' },
  html: { description: 'Ignored (rendered by the server from body)' },
  update_at: { description: 'Ignored' },
  update_by: { description: 'Ignored' },
  update_by_name: { description: 'Ignored' },
} as const;
export const IGNORED_KEYS = Object.keys(IGNORED);
const ignored = Object.keys(IGNORED) as (keyof typeof IGNORED)[];

/** A markdown body: ~200 000 characters is a long manual; images are links, not inline bytes. */
export const MAX_BODY = 200_000;

const DOCUMENT = {
  title: text(120, 'The document title'),
  parent_id: {
    anyOf: [recordId, { type: 'null' }, { const: '' }],
    description: 'The parent document (empty: at the root); never the document itself or one below it',
  },
  sort: { type: 'integer', minimum: -100000, maximum: 100000, description: 'Order among its siblings, ascending' },
  body: { type: ['string', 'null'], maxLength: MAX_BODY, description: 'The markdown; cleaned and rendered on write' },
  is_public: { type: 'boolean', description: 'Every signed-in user of the app may read it from the readme page' },
  is_readme: { type: 'boolean', description: "The app's readme (setting it clears it on the other documents)" },
} as const;

export const DOCUMENT_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...DOCUMENT, ...IGNORED },
    mode === 'create' ? 'A new document' : 'The document fields to change',
    mode === 'create'
      ? ['parent_id', 'sort', 'body', 'is_public', 'is_readme', ...ignored]
      : [...(Object.keys(DOCUMENT) as (keyof typeof DOCUMENT)[]), ...ignored],
  );

export const ID_PARAMS = strictObject({ id: recordId }, 'The document addressed');
