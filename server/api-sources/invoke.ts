/**
 * The api-sources seam for server-side callers (scheduled tasks, docs/scheduler.md "The Task
 * page"): call a data source of the api page by name, as GET /api/apiData/:name does — the secret
 * opened here and never returned, the call through the SSRF guard with the source's timeout, the
 * answer mapped to rows, and every trace of the secret redacted from what comes back.
 */
import type { ServerContext } from '../context';
import { apiSourceTable } from '../db/migrations/0015-api-sources';
import { badRequest } from '../errors';
import { policyFromConfig } from '../net/outbound';
import { secretBoxFor } from '../secrets/secrets';
import { callSource, jsonOf, mapAnswer, redact, type Vars } from './call';
import { ApiSourceStore } from './store';

export interface SourceAnswer {
  status: number;
  ms: number;
  /** The answer's text, secrets redacted. */
  text: string;
  /** The mapped rows (secrets redacted); undefined when the answer is not JSON of the mapped shape. */
  rows?: Record<string, unknown>[];
}

export type SourceInvoker = (appId: string, name: string, vars?: Vars) => Promise<SourceAnswer>;

/** Answers whether the app has a data source of this name. */
export type SourceLookup = (appId: string, name: string) => Promise<boolean>;

export function apiSourceInvoker(ctx: Pick<ServerContext, 'config' | 'db' | 'now'>): {
  invoke: SourceInvoker;
  exists: SourceLookup;
} {
  const store = new ApiSourceStore(
    ctx.db.db,
    apiSourceTable(ctx.config.tablePrefix),
    secretBoxFor(ctx.config),
    ctx.now,
  );
  const policy = policyFromConfig(ctx.config);
  return {
    exists: async (appId, name) => (await store.byName(appId, name)) !== undefined,
    invoke: async (appId, name, vars = {}) => {
      const row = await store.byName(appId, name);
      if (!row) throw badRequest('apiSource.notFound', { name });
      const { response, prepared, ms } = await callSource(row, store.secretOf(row), vars, policy, ctx.now);
      const hide = (value: string) => redact(value, prepared.secrets);
      const text = hide(response.body.toString('utf8'));
      let rows: Record<string, unknown>[] | undefined;
      if (response.status < 400) {
        try {
          rows = JSON.parse(hide(JSON.stringify(mapAnswer(row, jsonOf(response)).rows))) as Record<string, unknown>[];
        } catch {
          rows = undefined;
        }
      }
      return { status: response.status, ms, text, rows };
    },
  };
}
