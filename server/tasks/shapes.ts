/** Route schemas of the Task page's routes (docs/conventions.md "Route schemas"). */
import { recordId, strictObject, text } from '../http/shapes';
import { MAX_BODY, MAX_LINK, MAX_TITLE } from '../messages/send';
import { MAX_TABLE_REPORT_ROWS, REPORT_FILE_FORMATS } from '../common/system-report';

export const TASK_ACTIONS = ['api', 'message', 'report', 'tableReport'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const MISSED_POLICIES = ['skip', 'runOnce'] as const;
/** A run may take at most this long: the claim holds for it plus the lease margin. */
export const MAX_TIMEOUT_MS = 300_000;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Rows of a report put into its message. */
export const MAX_REPORT_ROWS = 50;

const ids = (description: string, max: number) =>
  ({ type: 'array', maxItems: max, items: recordId, description }) as const;

const RECIPIENTS = strictObject(
  {
    userIds: ids('These users of the app', 1000),
    roleIds: ids('Every user holding one of these roles', 100),
    all: { type: 'boolean', description: 'Every user of the app' },
  },
  'Who receives the message',
  ['userIds', 'roleIds', 'all'],
);

const PARAMS = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 500 },
  description: "Values for the data source's {{placeholders}}",
} as const;

/** What an action needs; which keys are required depends on the action (checked by the handler). */
const CONFIG = strictObject(
  {
    source: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$',
      description: 'api, report: the data source name',
    },
    params: PARAMS,
    to: RECIPIENTS,
    title: { type: 'string', maxLength: MAX_TITLE, description: 'message, report: the message title' },
    body: { type: 'string', maxLength: MAX_BODY, description: 'message: the text; report: a line above the rows' },
    link: { anyOf: [{ type: 'string', maxLength: MAX_LINK }, { type: 'null' }], description: 'A page to open' },
    maxRows: { type: 'integer', minimum: 1, maximum: MAX_REPORT_ROWS, description: 'report: rows put in the message' },
    table: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
      description: "tableReport: one of the app's module tables",
    },
    query: {
      type: 'object',
      maxProperties: 10,
      description:
        'tableReport: a list-contract body (showFields, querys, relate, sorts) or with groupBy an aggregate body',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TABLE_REPORT_ROWS,
      description: 'tableReport: rows (or groups) read at most',
    },
    output: {
      enum: ['message', ...REPORT_FILE_FORMATS],
      description: 'tableReport: a table in the message, or a file linked from it',
    },
  },
  "The action's settings",
  ['source', 'params', 'to', 'title', 'body', 'link', 'maxRows', 'table', 'query', 'limit', 'output'],
);

const TASK = {
  name: text(120, 'The task name'),
  cron: text(120, 'A cron expression: 5 fields (minute hour day month weekday) or 6 with seconds'),
  timezone: text(64, 'An IANA time zone, e.g. Asia/Shanghai'),
  enabled: { type: 'boolean', description: 'Runs on its schedule' },
  missed: { enum: [...MISSED_POLICIES], description: 'After downtime: skip missed runs, or run once' },
  timeout_ms: { type: 'integer', minimum: 1000, maximum: MAX_TIMEOUT_MS, description: 'Time limit of one run, ms' },
  action: {
    enum: [...TASK_ACTIONS],
    description:
      "api: call a data source; message: send; report: a source's rows as a message; tableReport: a query over an app table as a message or a file",
  },
  config: CONFIG,
} as const;

/** Read-only keys an edit form may echo back: accepted and ignored. */
const IGNORED = {
  id: { description: 'Ignored (the id is in the path)' },
  next: { description: 'Ignored' },
  last_run: { description: 'Ignored' },
  update_at: { description: 'Ignored' },
} as const;
export const IGNORED_KEYS = Object.keys(IGNORED);

export const TASK_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...TASK, ...IGNORED },
    mode === 'create' ? 'A new scheduled task' : 'The task fields to change',
    mode === 'create'
      ? ['enabled', 'missed', 'timeout_ms', 'config', ...(Object.keys(IGNORED) as (keyof typeof IGNORED)[])]
      : [...(Object.keys(TASK) as (keyof typeof TASK)[]), ...(Object.keys(IGNORED) as (keyof typeof IGNORED)[])],
  );

export const EXPLAIN_BODY = strictObject({ cron: TASK.cron, timezone: TASK.timezone }, 'A cron expression to explain');

export const ID_PARAMS = strictObject({ id: recordId }, 'The task addressed');

export const PAGE_QUERY = strictObject(
  {
    current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, description: 'Rows per page' },
  },
  'Paging',
  ['current', 'pageSize'],
);
