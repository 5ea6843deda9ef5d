/**
 * Log retention (docs/logs.md): operation- and sign-in-log rows older than LOG_RETENTION_DAYS
 * (default 180) are deleted daily at 03:17 server time by the scheduler (one instance per tick),
 * and on start when a daily run was missed. Deleted for real, not soft-deleted: retention is the
 * point.
 */
import type { Kysely } from 'kysely';
import type { TaskDefinition } from '../scheduler/index';
import type { ServerContext } from '../context';
import type { TableNames } from '../db/tables';

export const DEFAULT_RETENTION_DAYS = 180;
const DAY_MS = 24 * 60 * 60_000;
/** Daily, at an odd minute so instances of many deployments do not all start on the hour. */
export const PRUNE_SCHEDULE = '17 3 * * *';

export interface PruneResult {
  operations: number;
  signIns: number;
}

/** Deletes the log rows created before now − days; answers how many of each went. */
export async function pruneLogs(
  db: Kysely<any>,
  tables: Pick<TableNames, 'audit_log' | 'signin_log'>,
  now: number,
  days: number,
): Promise<PruneResult> {
  const cutoff = now - days * DAY_MS;
  const operations = await db.deleteFrom(tables.audit_log).where('create_at', '<', cutoff).executeTakeFirst();
  const signIns = await db.deleteFrom(tables.signin_log).where('create_at', '<', cutoff).executeTakeFirst();
  return { operations: Number(operations.numDeletedRows), signIns: Number(signIns.numDeletedRows) };
}

/**
 * The pruning task for the scheduler (server/scheduler): daily, once per deployment — the lease
 * makes one instance run each tick — and once on start if a daily run was missed while no
 * instance was up.
 */
export function logPruningTask(ctx: ServerContext, log: { info(o: object, m: string): void }): TaskDefinition {
  const days = ctx.config.logRetentionDays ?? DEFAULT_RETENTION_DAYS;
  return {
    name: 'logs.prune',
    pattern: PRUNE_SCHEDULE,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    timeoutMs: 10 * 60_000,
    missed: 'runOnce',
    async run() {
      const result = await pruneLogs(ctx.db.db, ctx.tables, ctx.now(), days);
      if (result.operations || result.signIns) log.info({ ...result, days }, 'old log rows pruned');
      return `${result.operations} operation and ${result.signIns} sign-in rows older than ${days} days deleted`;
    },
  };
}
