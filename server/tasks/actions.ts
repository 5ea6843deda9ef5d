/**
 * What a task's run does (docs/scheduler.md "The Task page"), as the scheduler's TaskDefinition:
 *   api      call a data source of the api page; the answer (secrets redacted) is the run's output,
 *            an HTTP error status fails the run
 *   message  send the task's message (source `task`) through the message seam
 *   report   call a data source, put its first rows as a text table in a message, send it
 *   tableReport  query one of the app's module tables (server/common/system-report.ts), send its cells as a text
 *            table in a message, or store them as an xlsx / csv file the message links to
 * A refusal (ApiError) is recorded as its text in Chinese, the platform's default language: the
 * run history is data, kept once, not translated per reader.
 */
import { translate } from '../../protocol/messages/index';
import type { SourceInvoker } from '../api-sources/invoke';
import type { StorageProvider } from '../files/library';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { sendMessageNow } from '../messages/send';
import type { TaskDefinition } from '../scheduler/index';
import { MAX_REPORT_ROWS } from './shapes';
import { storeReportFile } from './report-file';
import { inputOf, type TaskConfig, type TaskRow } from './store';
import { runTableReport, type AggregateRunner } from '../common/system-report';

/** What runs need beyond the server context: made once by the routes. */
export interface TaskDeps {
  invoke: SourceInvoker;
  runAggregate: AggregateRunner;
  storage: StorageProvider;
}

/** The lease and history name of a Task-page task. */
export const leaseName = (id: string) => `task:${id}`;

const CELL_CHARS = 40;

function cell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > CELL_CHARS ? `${flat.slice(0, CELL_CHARS - 1)}…` : flat;
}

/** Rows as a plain-text table: a header of the first row's keys, one line per row. */
export function rowsAsText(rows: Record<string, unknown>[], max: number): string {
  if (rows.length === 0) return '(0)';
  const keys = Object.keys(rows[0]!).slice(0, 12);
  const lines = [keys.join(' | '), ...rows.slice(0, max).map((row) => keys.map((key) => cell(row[key])).join(' | '))];
  if (rows.length > max) lines.push(`… +${rows.length - max}`);
  return lines.join('\n');
}

type RunContext = Pick<ServerContext, 'config' | 'tables' | 'now' | 'bus' | 'db' | 'registry'>;

async function runAction(ctx: RunContext, deps: TaskDeps, row: TaskRow): Promise<string> {
  const task = inputOf(row);
  const config: TaskConfig = task.config;
  const send = (body: string, link = config.link) =>
    sendMessageNow(ctx, {
      appId: row.app_id,
      to: config.to ?? {},
      title: config.title ?? task.name,
      body,
      link,
      source: 'task',
      senderId: null,
    });
  if (task.action === 'message') {
    const sent = await send(config.body ?? '');
    return `sent to ${sent.recipients.length} users`;
  }
  if (task.action === 'tableReport') return runTableReportAction(ctx, deps, row.app_id, config, send);
  const answer = await deps.invoke(row.app_id, config.source ?? '', config.params ?? {});
  if (answer.status >= 400) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 2000)}`);
  if (task.action === 'api') return `HTTP ${answer.status} in ${answer.ms} ms\n${answer.text}`;
  if (!answer.rows) throw new Error(translate('zh', 'tasks.reportNotRows', { source: config.source ?? '' }));
  const max = Math.min(config.maxRows ?? 20, MAX_REPORT_ROWS);
  const table = rowsAsText(answer.rows, max);
  const sent = await send(config.body ? `${config.body}\n\n${table}` : table);
  return `${answer.rows.length} rows, sent to ${sent.recipients.length} users\n${table}`;
}

/** A table report: its cells as a text table in the message, or a stored file the message links to. */
async function runTableReportAction(
  ctx: RunContext,
  deps: TaskDeps,
  appId: string,
  config: TaskConfig,
  send: (body: string, link?: string | null) => Promise<{ recipients: unknown[] }>,
): Promise<string> {
  const spec = { table: config.table ?? '', query: config.query ?? {}, limit: config.limit ?? 20 };
  const report = await runTableReport(ctx, deps.runAggregate, appId, spec, 'zh');
  const intro = config.body ? `${config.body}\n\n` : '';
  if (config.output === 'xlsx' || config.output === 'csv') {
    const file = await storeReportFile(ctx, deps.storage, appId, report, config.output);
    const line = translate('zh', 'tasks.reportFile', { name: file.name, rows: report.rows.length });
    const sent = await send(`${intro}${line}`, file.link);
    return `${report.rows.length} rows, ${file.name} (${file.size} bytes) ${file.link}, sent to ${sent.recipients.length} users`;
  }
  const rows = report.rows.map((cells) => Object.fromEntries(report.columns.map((c, i) => [c, cells[i]])));
  const table = rowsAsText(rows, MAX_REPORT_ROWS);
  const sent = await send(`${intro}${table}`);
  return `${report.rows.length} rows, sent to ${sent.recipients.length} users\n${table}`;
}

export function definitionOf(ctx: RunContext, deps: TaskDeps, row: TaskRow): TaskDefinition {
  return {
    name: leaseName(row.id),
    pattern: row.cron,
    timezone: row.timezone,
    timeoutMs: Number(row.timeout_ms),
    missed: row.missed === 'runOnce' ? 'runOnce' : 'skip',
    run: async () => {
      try {
        return await runAction(ctx, deps, row);
      } catch (error) {
        if (error instanceof ApiError) throw new Error(translate('zh', error.key, error.vars), { cause: error });
        throw error;
      }
    },
  };
}
