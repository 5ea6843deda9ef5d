/**
 * What a task's run does (docs/scheduler.md "The Task page"), as the scheduler's TaskDefinition:
 *   api      call a data source of the api page; the answer (secrets redacted) is the run's output,
 *            an HTTP error status fails the run
 *   message  send the task's message (source `task`) through the message seam
 *   report   call a data source, put its first rows as a text table in a message, send it
 * A refusal (ApiError) is recorded as its text in Chinese, the platform's default language: the
 * run history is data, kept once, not translated per reader.
 */
import { translate } from '../../protocol/messages/index';
import type { SourceInvoker } from '../api-sources/invoke';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { sendMessageNow } from '../messages/send';
import type { TaskDefinition } from '../scheduler/index';
import { MAX_REPORT_ROWS } from './shapes';
import { inputOf, type TaskConfig, type TaskRow } from './store';

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

type RunContext = Pick<ServerContext, 'config' | 'tables' | 'now' | 'bus' | 'db'>;

async function runAction(ctx: RunContext, invoke: SourceInvoker, row: TaskRow): Promise<string> {
  const task = inputOf(row);
  const config: TaskConfig = task.config;
  const send = (body: string) =>
    sendMessageNow(ctx, {
      appId: row.app_id,
      to: config.to ?? {},
      title: config.title ?? task.name,
      body,
      link: config.link,
      source: 'task',
      senderId: null,
    });
  if (task.action === 'message') {
    const sent = await send(config.body ?? '');
    return `sent to ${sent.recipients.length} users`;
  }
  const answer = await invoke(row.app_id, config.source ?? '', config.params ?? {});
  if (answer.status >= 400) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 2000)}`);
  if (task.action === 'api') return `HTTP ${answer.status} in ${answer.ms} ms\n${answer.text}`;
  if (!answer.rows) throw new Error(translate('zh', 'tasks.reportNotRows', { source: config.source ?? '' }));
  const max = Math.min(config.maxRows ?? 20, MAX_REPORT_ROWS);
  const table = rowsAsText(answer.rows, max);
  const sent = await send(config.body ? `${config.body}\n\n${table}` : table);
  return `${answer.rows.length} rows, sent to ${sent.recipients.length} users\n${table}`;
}

export function definitionOf(ctx: RunContext, invoke: SourceInvoker, row: TaskRow): TaskDefinition {
  return {
    name: leaseName(row.id),
    pattern: row.cron,
    timezone: row.timezone,
    timeoutMs: Number(row.timeout_ms),
    missed: row.missed === 'runOnce' ? 'runOnce' : 'skip',
    run: async () => {
      try {
        return await runAction(ctx, invoke, row);
      } catch (error) {
        if (error instanceof ApiError) throw new Error(translate('zh', error.key, error.vars), { cause: error });
        throw error;
      }
    },
  };
}
