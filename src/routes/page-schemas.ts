/**
 * The shipped page schemas under schemas/pages/ (system/, ai/, ...), loaded lazily: each file is its
 * own chunk, fetched when its route opens. Committing a schema file is all it takes for its route
 * to render it (see ./pages.ts).
 */
import type { PageSchema } from '../../protocol/page-schema';
import { routeForSchemaFile } from './pages';

// gallery.page.json is a fixture of tests/e2e/gallery.e2e.ts (served by its own Vite harness), not
// a page: left out so it is neither a route for every signed-in user nor a chunk of the build.
const loaders = import.meta.glob<PageSchema>(
  ['../../schemas/pages/**/*.json', '!../../schemas/pages/gallery.page.json'],
  {
    import: 'default',
  },
);

const byRoute = new Map<string, () => Promise<PageSchema>>();
/** Route → the page's key in the schema store (its path under schemas/pages without .json). */
const keyByRoute = new Map<string, string>();
for (const [file, load] of Object.entries(loaders)) {
  const relative = file.replace(/^.*\/schemas\/pages\//, '');
  const route = routeForSchemaFile(relative);
  byRoute.set(route, load);
  keyByRoute.set(route, relative.replace(/\.json$/, ''));
}

/**
 * The store key of the page a route renders (user → system/user, user/detail →
 * system/user-detail, ai/chat → ai/chat), read from the bundled files rather than guessed.
 */
export function pageKeyFor(route: string): string | undefined {
  return keyByRoute.get(route);
}

/** Routes that have a committed schema. */
export const schemaRoutes: ReadonlySet<string> = new Set(byRoute.keys());

export async function loadPageSchema(route: string): Promise<PageSchema> {
  const load = byRoute.get(route);
  if (!load) throw new Error(`no page schema for ${route}`);
  return load();
}
