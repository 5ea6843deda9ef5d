/**
 * The shell's cache of server state (@tanstack/query-core): answers that stay true until the event
 * stream (src/api/events.ts → SchemaChangedNotice, refresh cache) says otherwise. Nothing goes stale
 * by age, nothing is collected, and a failed read is not retried here — it holds no data, so the
 * next caller asks again. Concurrent callers of one key share one request.
 */
import { QueryClient } from '@tanstack/query-core';

export function createServerState(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } } });
}

/** The shell's one instance (module and dashboard version maps, module-cache.ts). */
export const serverState = createServerState();
