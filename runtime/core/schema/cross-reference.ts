/**
 * What the meta-schema cannot say, because it needs two places of the document (or the database)
 * at once (issue 12 item 3): keys are usable column names and unique in their form, ids are unique
 * in the page, linkage / sameAs / submit / sort / gantt / parent names point at fields that exist,
 * and — when the caller knows them — dictionary codes, tables and columns exist. Run it on a schema
 * that migrated and passed validatePageIssues. Each issue points at the offending value.
 */
import {
  columnIdentifierProblem,
  MAX_COLUMN_IDENTIFIER,
  STANDARD_COLUMN_NAMES,
} from '../../../protocol/sql-identifiers';
import { getWidget } from '../registry';
import { capIssues, schemaIssue, type SchemaIssue } from './issue';
import { tableIssues } from './cross-reference-tables';
import { isJsonObject, walkPage, type FieldVisit, type JsonObject, type NodeVisit } from './walk';

export interface CrossReferenceContext {
  /** Dictionary codes that exist (field `dict`, dictApi url `dict/<code>`); unchecked when absent. */
  dictCodes?: ReadonlySet<string>;
  /**
   * Tables that exist, by the name the schema writes (list `table`, `common/<name>` urls, join
   * targets), each with its column names — including tables this save itself creates. Unchecked when absent.
   */
  tables?: ReadonlyMap<string, ReadonlySet<string>>;
}

const DICT_URL = /^dict\/([^/?#]+)$/;

function keyAndIdIssues(fields: FieldVisit[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const firstKey = new Map<string, string>();
  const firstId = new Map<string, string>();
  for (const { field, pointer, scope } of fields) {
    const storesValue = field.not_sql_field !== true && getWidget(field.type)?.noValue !== true;
    const problem = storesValue ? columnIdentifierProblem(field.key) : undefined;
    if (problem === 'invalid') {
      issues.push(schemaIssue(`${pointer}/key`, 'schema.keyInvalid', { key: field.key, max: MAX_COLUMN_IDENTIFIER }));
    } else if (problem === 'reserved') {
      issues.push(schemaIssue(`${pointer}/key`, 'schema.keyReserved', { key: field.key }));
    }
    // MySQL folds column names, so Name and name would be one column there.
    const scoped = `${scope}\u0000${field.key.toLowerCase()}`;
    const first = firstKey.get(scoped);
    if (first === undefined) firstKey.set(scoped, `${pointer}/key`);
    else issues.push(schemaIssue(`${pointer}/key`, 'schema.duplicateKey', { key: field.key, first }));
    if (typeof field.id === 'string') {
      const firstOfId = firstId.get(field.id);
      if (firstOfId === undefined) firstId.set(field.id, `${pointer}/id`);
      else issues.push(schemaIssue(`${pointer}/id`, 'schema.duplicateId', { id: field.id, first: firstOfId }));
    }
  }
  return issues;
}

/** Field names inside one form that must name a field of that form (or a standard column). */
function referenceIssues(fields: FieldVisit[], forms: { node: JsonObject; pointer: string }[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const keysOf = new Map<string, Set<string>>();
  for (const { field, scope } of fields) {
    if (!keysOf.has(scope)) keysOf.set(scope, new Set());
    keysOf.get(scope)!.add(field.key);
  }
  const check = (scope: string, name: unknown, pointer: string, property: string, standardToo = false) => {
    if (typeof name !== 'string') return;
    if (keysOf.get(scope)?.has(name)) return;
    if (standardToo && STANDARD_COLUMN_NAMES.includes(name)) return;
    issues.push(schemaIssue(pointer, 'schema.unknownField', { property, key: name }));
  };
  for (const { field, pointer, scope } of fields) {
    if (Array.isArray(field.linkageKeys)) {
      field.linkageKeys.forEach((key, i) => check(scope, key, `${pointer}/linkageKeys/${i}`, 'linkageKeys'));
    }
    if (Array.isArray(field.rules)) {
      field.rules.forEach((rule, i) => {
        if (isJsonObject(rule)) check(scope, rule.sameAs, `${pointer}/rules/${i}/sameAs`, 'sameAs');
      });
    }
  }
  for (const { node, pointer } of forms) {
    const submit = node.submit;
    if (isJsonObject(submit) && Array.isArray(submit.fields)) {
      submit.fields.forEach((key, i) => check(pointer, key, `${pointer}/submit/fields/${i}`, 'submit.fields'));
    }
    if (node.type !== 'list') continue;
    if (Array.isArray(node.sorts)) {
      node.sorts.forEach((sort, i) => {
        if (isJsonObject(sort)) check(pointer, sort.key, `${pointer}/sorts/${i}/key`, 'sorts', true);
      });
    }
    check(pointer, node.parentKey, `${pointer}/parentKey`, 'parentKey', true);
    if (isJsonObject(node.gantt)) {
      for (const part of ['text', 'start', 'duration', 'parent']) {
        check(pointer, node.gantt[part], `${pointer}/gantt/${part}`, `gantt.${part}`, true);
      }
    }
  }
  return issues;
}

function dictIssues(fields: FieldVisit[], forms: NodeVisit[], dictCodes: ReadonlySet<string>): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  // A DICT data source shows a dictionary as rows (docs/data-providers.md).
  for (const { node, pointer } of forms) {
    const url = isJsonObject(node.dataSource) ? node.dataSource.api : undefined;
    const code = typeof url === 'string' ? DICT_URL.exec(url)?.[1] : undefined;
    if (code !== undefined && !dictCodes.has(code)) {
      issues.push(schemaIssue(`${pointer}/dataSource/api`, 'schema.unknownDict', { code }));
    }
  }
  for (const { field, pointer } of fields) {
    if (typeof field.dict === 'string' && !dictCodes.has(field.dict)) {
      issues.push(schemaIssue(`${pointer}/dict`, 'schema.unknownDict', { code: field.dict }));
    }
    for (const api of ['dictApi', 'linkageApi'] as const) {
      const url = (field[api] as { url?: unknown } | undefined)?.url;
      const code = typeof url === 'string' ? DICT_URL.exec(url)?.[1] : undefined;
      if (code !== undefined && !dictCodes.has(code)) {
        issues.push(schemaIssue(`${pointer}/${api}/url`, 'schema.unknownDict', { code }));
      }
    }
  }
  return issues;
}

/** Every cross-reference problem of a (migrated, meta-valid) page schema, capped like the others. */
export function crossReferenceIssues(schema: unknown, ctx: CrossReferenceContext = {}): SchemaIssue[] {
  const { fields, forms } = walkPage(schema);
  const issues = [...keyAndIdIssues(fields), ...referenceIssues(fields, forms)];
  if (ctx.dictCodes) issues.push(...dictIssues(fields, forms, ctx.dictCodes));
  if (ctx.tables) issues.push(...tableIssues(fields, forms, ctx.tables));
  return capIssues(issues);
}
