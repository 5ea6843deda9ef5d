/**
 * Table and column names in a page schema against the tables that exist (ctx.tables): a list's
 * `table`, `common/<table>` data sources and option urls, and each join's target, `on` columns and
 * `showFields`. A join's `on` may name a column of the joined table or of the list's own table
 * (its fields, the standard columns, and the columns ctx.tables knows for it).
 */
import { STANDARD_COLUMN_NAMES } from '../../../protocol/sql-identifiers';
import { schemaIssue, type SchemaIssue } from './issue';
import { isJsonObject, walkPage, type FieldVisit, type NodeVisit } from './walk';

/** `common/<table>` and nothing after it (common/executeSql is an endpoint, not a table). */
const COMMON_URL = /^common\/([A-Za-z][A-Za-z0-9_]*)$/;
const NOT_TABLES = new Set(['executeSql', 'query']);
const JOIN_KINDS = ['leftJoins', 'rightJoins', 'innerJoins'] as const;

export const tableOfUrl = (url: unknown): string | undefined => {
  const name = typeof url === 'string' ? COMMON_URL.exec(url)?.[1] : undefined;
  return name !== undefined && !NOT_TABLES.has(name) ? name : undefined;
};

/**
 * The tables whose columns tableIssues reads: each join's target and the own table of a node with
 * joins. Every other table a schema names is only checked to exist, so a caller need not read its
 * columns (server/schema-store/refs.ts reads only these).
 */
export function tablesWhoseColumnsAreRead(schema: unknown): Set<string> {
  const tables = new Set<string>();
  for (const { node } of walkPage(schema).forms) {
    const query = isJsonObject(node.query) ? node.query : undefined;
    if (!query) continue;
    const base =
      typeof node.table === 'string'
        ? node.table
        : tableOfUrl(isJsonObject(node.dataSource) ? node.dataSource.api : undefined);
    for (const kind of JOIN_KINDS) {
      const joins = Array.isArray(query[kind]) ? (query[kind] as unknown[]) : [];
      for (const join of joins) {
        if (!isJsonObject(join) || typeof join.join !== 'string') continue;
        tables.add(join.join);
        if (base !== undefined) tables.add(base);
      }
    }
  }
  return tables;
}

export function tableIssues(
  fields: FieldVisit[],
  forms: NodeVisit[],
  tables: ReadonlyMap<string, ReadonlySet<string>>,
): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const tableExists = (table: string | undefined, pointer: string) => {
    if (table === undefined || tables.has(table)) return table !== undefined;
    issues.push(schemaIssue(pointer, 'schema.unknownTable', { table }));
    return false;
  };

  for (const { field, pointer } of fields) {
    for (const api of ['dictApi', 'linkageApi'] as const) {
      tableExists(tableOfUrl((field[api] as { url?: unknown } | undefined)?.url), `${pointer}/${api}/url`);
    }
  }

  for (const { node, pointer } of forms) {
    const ownTable = typeof node.table === 'string' ? node.table : undefined;
    tableExists(ownTable, `${pointer}/table`);
    const source = isJsonObject(node.dataSource) ? node.dataSource : {};
    const sourceTable = tableOfUrl(source.api);
    tableExists(sourceTable, `${pointer}/dataSource/api`);
    const query = isJsonObject(node.query) ? node.query : undefined;
    if (!query) continue;

    const baseTable = ownTable ?? sourceTable;
    const base = new Set<string>([...STANDARD_COLUMN_NAMES, ...(tables.get(baseTable ?? '') ?? [])]);
    for (const { field, scope } of fields) if (scope === pointer) base.add(field.key);

    for (const kind of JOIN_KINDS) {
      const joins = Array.isArray(query[kind]) ? (query[kind] as unknown[]) : [];
      joins.forEach((join, i) => {
        if (!isJsonObject(join) || typeof join.join !== 'string') return;
        const at = `${pointer}/query/${kind}/${i}`;
        if (!tableExists(join.join, `${at}/join`)) return;
        const columns = tables.get(join.join)!;
        const columnIssue = (column: unknown, where: string, allowBase: boolean) => {
          if (typeof column !== 'string' || columns.has(column) || (allowBase && base.has(column))) return;
          issues.push(schemaIssue(where, 'schema.unknownColumn', { table: join.join, column }));
        };
        if (Array.isArray(join.showFields)) {
          join.showFields.forEach((column, j) => columnIssue(column, `${at}/showFields/${j}`, false));
        }
        const on = typeof join.on === 'string' ? join.on.split('=').map((side) => side.trim()) : join.on;
        if (Array.isArray(on)) {
          on.forEach((column, j) =>
            columnIssue(column, typeof join.on === 'string' ? `${at}/on` : `${at}/on/${j}`, true),
          );
        }
      });
    }
  }
  return issues;
}
