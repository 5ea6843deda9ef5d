/** The shell's one page cache (./page-cache.ts) wired to the API client, the session and storage. */
import { request } from '../api/client';
import { loadPageSchema, pageKeyFor } from '../routes/page-schemas';
import { schemaNameFor } from '../routes/pages';
import { createPageCache } from './page-cache';
import { readStored, removeStored, writeStored } from './storage';
import { session } from './store';

const cache = createPageCache({
  request,
  bundled: loadPageSchema,
  keyOf: (route) => pageKeyFor(route) ?? schemaNameFor(route),
  app: () => session.app,
  read: (app, name) => readStored(app, name),
  write: (app, name, value) => writeStored(app, name, value),
  remove: (app, name) => removeStored(app, name),
});

export const loadSystemPage = cache.load;
export const forgetSystemPage = cache.forget;
export const invalidateSystemPages = cache.invalidate;
