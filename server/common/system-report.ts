/**
 * The common API's seam for reports run by the server itself, with no request (scheduled tasks,
 * server/tasks): a report over one of the app's own tables (docs/scheduler.md "Reports over the
 * app's tables"), and the xlsx / csv writers of its cells (export/report-writers.ts).
 * The task names a module table and a query in the common API's own contracts — a list-contract
 * body (showFields, querys, relate, sorts: docs/list-query.md) for rows, or with `groupBy` the
 * dashboards' aggregate body (groupBy, measures, sort, limit: docs/dashboards.md). Both go
 * through the same parsers (every key resolved against the registry, every value bound) and the
 * same statement builders as the list and aggregate routes; no SQL is written here.
 *
 * Whose data: the task runs as the system, not as a person. Its scope is the app's live rows of
 * that table (the app from the stored task, never from input). A task outlives the admin who saved
 * it, and its recipients get what the admin chose to send them. Hence only module tables: system
 * tables (users, roles, logs) have per-viewer rules, and a declared per-viewer data limit
 * (own rows, own department) has no viewer to apply to. Joins are refused (their tables would
 * each need the same decision).
 */
import type { Lang } from '../../protocol/constants';
import { textOf } from '../../protocol/page-schema';
import { compileAggregate } from './aggregate/build';
import { decodeAggregate } from './aggregate/decode';
import { parseAggregate } from './aggregate/parse';
import type { AggregateRunner } from './aggregate/run';
import { serverTimeZone } from './aggregate/time-zone';
import { withDataErrors, tableMissing } from './db-errors';
import { storedFacts } from './declared-limit';
import { cellFormatter } from './export/format';
import type { ReportCells } from './export/report-writers';
import { runListQuery, type ListContext, type Scope } from './query/build';
import { parseListQuery } from './query/parse';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { fieldOptions, loadModuleMeta } from '../modules/field-defs';
import type { TableInfo } from '../modules/table-info';

export { aggregateRunner, type AggregateRunner } from './aggregate/run';
export {
  reportCsv,
  reportFileName,
  reportWorkbook,
  REPORT_FILE_FORMATS,
  type ReportFileFormat,
} from './export/report-writers';

/** Rows a table report reads at most: the list and aggregate contracts' own page / group cap. */
export const MAX_TABLE_REPORT_ROWS = 1000;

export interface TableReportSpec {
  table: string;
  /** A list-contract body, or an aggregate body when it has `groupBy`. */
  query: Record<string, unknown>;
  limit: number;
}

/** The report as cells: column titles and rows of display values (labels, formatted dates). */
export type ReportTable = ReportCells;

type ReportContext = Pick<ServerContext, 'db' | 'tables' | 'registry'>;

/** Paging and joins are the task's to decide: a body naming them is refused. */
const LIST_ONLY = ['showFields', 'querys', 'relate', 'sorts'];
const AGGREGATE_ONLY = ['groupBy', 'measures', 'sort', 'others', 'timeZone', 'querys', 'relate'];

const noJoins = (): never => {
  throw badRequest('server.unsupported', { key: 'joins' });
};

function only(query: Record<string, unknown>, allowed: string[]): void {
  const extra = Object.keys(query).find((key) => !allowed.includes(key));
  if (extra) throw badRequest('server.unknownField', { key: `query.${extra.slice(0, 64)}` });
}

const isAggregate = (spec: TableReportSpec) => spec.query.groupBy !== undefined;

async function moduleTable(ctx: ReportContext, appId: string, name: string): Promise<TableInfo> {
  const app = await ctx.db.db
    .selectFrom(ctx.tables.app)
    .select(['id', 'identify'])
    .where('id', '=', appId)
    .executeTakeFirstOrThrow();
  const table = await ctx.registry.resolve(app as { id: string; identify: string }, name);
  if (!table || table.kind !== 'module') throw tableMissing(name);
  return table;
}

/** Parses the task's query as the route would: refuses an unknown table, field, operator or key. */
async function parse(ctx: ReportContext, appId: string, spec: TableReportSpec) {
  const table = await moduleTable(ctx, appId, spec.table);
  if (isAggregate(spec)) {
    only(spec.query, AGGREGATE_ONLY);
    const fieldsOf = async (t: TableInfo) => (await storedFacts(ctx as ServerContext, appId, t)).fields;
    const query = await parseAggregate(
      { ...spec.query, limit: spec.limit },
      table,
      noJoins,
      fieldsOf,
      serverTimeZone(),
    );
    return { table, aggregate: { query, fieldsOf } } as const;
  }
  only(spec.query, LIST_ONLY);
  const body = { ...spec.query, isPage: true, current: 1, pageSize: spec.limit, skipCount: true };
  return { table, list: await parseListQuery(body, table, noJoins) } as const;
}

/** Checks a task's report when it is saved, so a stored one names only what the registry knows. */
export async function checkTableReport(ctx: ReportContext, appId: string, spec: TableReportSpec): Promise<void> {
  await parse(ctx, appId, spec);
}

const listContext = (ctx: ReportContext): ListContext => ({
  db: ctx.db.db,
  likeOperator: ctx.db.spec.likeOperator,
  joinScope: noJoins,
});

/** Runs the report as the system (the app's rows of the table) and answers its cells. */
export async function runTableReport(
  ctx: ReportContext,
  runAggregate: AggregateRunner,
  appId: string,
  spec: TableReportSpec,
  lang: Lang,
): Promise<ReportTable> {
  const parsed = await parse(ctx, appId, spec);
  const { table } = parsed;
  const scope: Scope = { appId };
  const meta = await loadModuleMeta(ctx.db.db, ctx.tables, appId, table);
  const title = textOf(meta.title, lang) || table.name;
  const titleOf = (key: string) => {
    const column = table.columns.get(key);
    return (column?.title && textOf(column.title, lang)) || key;
  };

  if (parsed.aggregate) {
    const { query, fieldsOf } = parsed.aggregate;
    const compiled = compileAggregate(listContext(ctx), ctx.db.spec.aggregate, table, scope, query, false);
    const rows = await runAggregate(compiled, query.limit, table);
    const result = await decodeAggregate(ctx as ServerContext, appId, query, rows, fieldsOf);
    const columns = [...query.groups.map((g) => titleOf(g.column.name)), ...query.measures.map((m) => m.as)];
    const cells = result.list.map((row) => [
      ...query.groups.map((g) => {
        const label = row[`${g.as}_label`] as Record<string, string> | undefined;
        const value = label ? (label[lang] ?? label.zh) : row[g.as];
        return value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);
      }),
      ...query.measures.map((m) => {
        const value = row[m.as];
        return value === null || value === undefined ? null : Number(value);
      }),
    ]);
    return { title, columns, rows: cells };
  }

  const query = parsed.list!;
  const result = await withDataErrors(ctx.db, table, () => runListQuery(listContext(ctx), table, scope, query));
  // Each cell as the list page shows it: option and dictionary labels, formatted dates.
  const formatters = await Promise.all(
    query.fields.map(async (f) => {
      const field = meta.fields.get(f.as);
      const options = await fieldOptions(ctx.db.db, ctx.tables, appId, field, lang);
      return cellFormatter({ column: f.column, field, options, lang });
    }),
  );
  const rows = result.list.map((row) => query.fields.map((f, i) => formatters[i]!(row[f.as])));
  return { title, columns: query.fields.map((f) => titleOf(f.column.name)), rows };
}
