/**
 * A task is checked whole before it is stored (docs/scheduler.md "The Task page"): the cron
 * expression through croner in its time zone (invalid, every second / more than once a minute,
 * never firing: refused with the reason), and the action's settings — a data source the app has,
 * a report's module table and query (parsed as the common API would: table-report.ts),
 * recipients who exist, a message title and link the message seam accepts. So a stored task can
 * always be scheduled, and a bad one changes nothing.
 */
import type { Kysely } from 'kysely';
import type { SourceLookup } from '../api-sources/invoke';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { checkMessageText, resolveRecipients } from '../messages/send';
import { checkCron } from '../scheduler/index';
import type { TaskConfig, TaskInput } from './store';
import { checkTableReport } from '../common/system-report';

/** The next run times of a pattern, or the refusal naming why not. */
export function explainCron(cron: string, timezone: string, now: number, count = 5): Date[] {
  const check = checkCron(cron.trim(), timezone.trim(), new Date(now), count);
  if (check.ok) return check.next;
  if (check.reason === 'timezone') throw badRequest('tasks.badTimezone', { zone: timezone });
  if (check.reason === 'tooFrequent') throw badRequest('tasks.tooFrequent');
  if (check.reason === 'never') throw badRequest('tasks.neverRuns');
  throw badRequest('tasks.badCron', { detail: check.detail ?? '' });
}

async function checkRecipients(
  db: Kysely<any>,
  ctx: Pick<ServerContext, 'tables'>,
  appId: string,
  config: TaskConfig,
): Promise<void> {
  if (!config.to || (await resolveRecipients(db, ctx, appId, config.to)).length === 0)
    throw badRequest('messages.noRecipients');
  checkMessageText({ title: config.title ?? '', body: config.body ?? '', link: config.link });
}

/** Keeps only the settings the action uses, so stale keys of another action are not stored. */
function settingsFor(input: TaskInput): TaskConfig {
  const c = input.config;
  if (input.action === 'api') return { source: c.source, params: c.params ?? {} };
  if (input.action === 'message') return { to: c.to, title: c.title, body: c.body ?? '', link: c.link ?? null };
  if (input.action === 'tableReport')
    return {
      table: c.table,
      query: c.query ?? {},
      limit: c.limit ?? 20,
      output: c.output ?? 'message',
      to: c.to,
      title: c.title,
      body: c.body ?? '',
    };
  return {
    source: c.source,
    params: c.params ?? {},
    to: c.to,
    title: c.title,
    body: c.body ?? '',
    link: c.link ?? null,
    maxRows: c.maxRows ?? 20,
  };
}

export async function checkTask(
  ctx: Pick<ServerContext, 'tables' | 'db' | 'now' | 'registry'>,
  exists: SourceLookup,
  appId: string,
  input: TaskInput,
): Promise<TaskInput> {
  explainCron(input.cron, input.timezone, ctx.now());
  const config = settingsFor(input);
  if (input.action === 'tableReport') {
    if (!config.table) throw badRequest('tasks.tableRequired');
    await checkTableReport(ctx, appId, { table: config.table, query: config.query ?? {}, limit: config.limit ?? 20 });
  } else if (input.action !== 'message') {
    if (!config.source) throw badRequest('tasks.sourceRequired');
    if (!(await exists(appId, config.source))) throw badRequest('apiSource.notFound', { name: config.source });
  }
  if (input.action !== 'api') await checkRecipients(ctx.db.db, ctx, appId, config);
  return { ...input, config };
}
