/**
 * System pages (schemas/pages/**) as the browser renders them: an admin's override when the app
 * has one, else the committed page bundled with the shell. The same discipline as modules and
 * dashboards (spec platform-shell §3/§4, ./module-cache.ts): the app's override heads
 * (`GET api/page-heads`, `{ key: tag }`) are read once per app, an overridden page is fetched only
 * when its tag differs from the cached copy's, and a page without an override never costs a
 * request beyond the heads — its bundled JSON is the committed one, so first paint stays as fast as
 * before. If the heads cannot be read (offline, server error) the bundled page is shown.
 *
 * The heads are server state held by a @tanstack/query-core QueryClient: one request per app at a
 * time, kept until the event stream (src/api/events.ts) says a page changed or events were missed.
 */
import { isSuccess } from '../../protocol/codes';
import type { RequestFn } from '../../protocol/http';
import type { PageSchema } from '../../protocol/page-schema';
import { createServerState } from './server-state';

interface CachedPage {
  tag: string;
  schema: PageSchema;
}

interface PageAnswer {
  overridden: boolean;
  tag?: string;
  schema: PageSchema;
}

export interface PageCacheDeps {
  request: RequestFn;
  /** The committed page bundled with the shell for a route. */
  bundled: (route: string) => Promise<PageSchema>;
  /** The page's key in the store for a route (system/user for user). */
  keyOf: (route: string) => string;
  /** The current app identifier: caches are per app. */
  app: () => string;
  read: (app: string, name: string) => CachedPage | undefined;
  write: (app: string, name: string, value: CachedPage) => void;
  remove: (app: string, name: string) => void;
}

const storedName = (key: string) => `page_${key}`;

export function createPageCache(deps: PageCacheDeps) {
  // Per cache (each test builds its own): fresh until an event removes it (server-state.ts).
  const client = createServerState();
  const HEADS = 'page-heads';

  function headsOf(app: string): Promise<Record<string, string> | undefined> {
    return client
      .fetchQuery({
        queryKey: [HEADS, app],
        queryFn: async () => {
          const result = await deps.request<Record<string, string>>({ method: 'GET', url: 'page-heads' });
          if (!isSuccess(result.code)) throw new Error(result.message);
          return result.data;
        },
      })
      .catch(() => undefined); // a failed read holds no data, so the next page fetches again
  }

  async function load(route: string): Promise<PageSchema> {
    const app = deps.app();
    const key = deps.keyOf(route);
    const tags = await headsOf(app);
    const tag = tags?.[key];
    if (tag === undefined) {
      // No override (or the heads are unreachable): the committed page, and no stale copy kept.
      if (tags) deps.remove(app, storedName(key));
      return deps.bundled(route);
    }
    const cached = deps.read(app, storedName(key));
    if (cached?.tag === tag) return cached.schema;
    const result = await deps.request<PageAnswer>({ method: 'GET', url: `page/${key}` });
    if (!isSuccess(result.code)) throw new Error(result.message);
    if (result.data.overridden && result.data.tag) {
      deps.write(app, storedName(key), { tag: result.data.tag, schema: result.data.schema });
    } else {
      deps.remove(app, storedName(key));
    }
    return result.data.schema;
  }

  /** The event stream said page `key` changed (saved or reset): read the heads and that page again. */
  function forget(key: string): void {
    const app = deps.app();
    client.removeQueries({ queryKey: [HEADS, app] });
    deps.remove(app, storedName(key));
  }

  /** Events may have been missed (stream.reset) or the admin asked to refresh: read the heads again. */
  function invalidate(): void {
    client.removeQueries({ queryKey: [HEADS] });
  }

  return { load, forget, invalidate };
}
