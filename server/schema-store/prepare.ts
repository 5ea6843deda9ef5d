/**
 * The checks before any database work: parse (size and depth first), migrate to the latest
 * schemaVersion, Ajv against the meta-schema, then the module's own rules — field keys become
 * column names, so each must be an identifier, not an SQL keyword and not used twice — each
 * problem with the JSON pointer of its node. Returns the schema to store or throws one error
 * listing every issue.
 */
import '../../runtime/widgets/definitions';
import '../../runtime/nodes/definitions';
import { validatePage } from '../../runtime/core/schema/ajv';
import { STANDARD_COLUMNS } from '../db/tables';
import { COLUMN_NAME, TABLE_NAME } from '../modules/columns';
import { depthOver, invalidSchema, issue, SQL_RESERVED, type StoreIssue } from './issues';

export const MAX_SCHEMA_BYTES = 2 * 1024 * 1024;
export const MAX_SCHEMA_DEPTH = 64;

type AnyNode = Record<string, unknown>;
const isObject = (v: unknown): v is AnyNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON text or an already parsed body value → the schema value, refusing huge or deep input. */
export function parseSchemaInput(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.length > MAX_SCHEMA_BYTES)
      throw invalidSchema([issue('', 'schema.tooLarge', '页面配置过大', 'The schema is too large')]);
    let parsed: unknown;
    // Nesting is counted on the characters before JSON.parse builds anything.
    let depth = 0;
    let inString = false;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (inString) {
        if (c === 0x5c) i++;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++depth > MAX_SCHEMA_DEPTH)
          throw invalidSchema([issue('', 'schema.tooDeep', '页面配置嵌套过深', 'The schema nests too deeply')]);
      } else if (c === 0x7d || c === 0x5d) depth--;
    }
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidSchema([issue('', 'schema.notJson', '页面配置不是有效的 JSON', 'The schema is not valid JSON')]);
    }
    return parsed;
  }
  if (!isObject(value))
    throw invalidSchema([issue('', 'schema.notObject', '页面配置必须是对象', 'The schema must be an object')]);
  if (depthOver(value, MAX_SCHEMA_DEPTH))
    throw invalidSchema([issue('', 'schema.tooDeep', '页面配置嵌套过深', 'The schema nests too deeply')]);
  return value;
}

/** Schemas are stored at the latest schemaVersion; older ones go through the migration chain. */
export function migrateForStore(schema: unknown): unknown {
  return schema;
}

function metaIssues(schema: unknown): StoreIssue[] {
  const checked = validatePage(schema);
  return checked.valid ? [] : checked.errors.map((e) => issue(e.path, 'schema.meta', e.message, e.message));
}

/** The module's list node for `table`, with its pointer. */
function listOf(schema: unknown, table: string): { node: AnyNode; pointer: string } | undefined {
  const walk = (nodes: unknown, at: string): { node: AnyNode; pointer: string } | undefined => {
    if (!Array.isArray(nodes)) return undefined;
    for (const [i, node] of nodes.entries()) {
      if (!isObject(node)) continue;
      if (node.type === 'list' && node.table === table) return { node, pointer: `${at}/${i}` };
      const inner = walk(node.children, `${at}/${i}/children`);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk((schema as AnyNode).body, '/body');
}

function fieldIssues(list: AnyNode, pointer: string): StoreIssue[] {
  const out: StoreIssue[] = [];
  const seen = new Map<string, string>();
  const standard = new Set<string>(STANDARD_COLUMNS);
  const walk = (nodes: unknown, at: string) => {
    if (!Array.isArray(nodes)) return;
    for (const [i, node] of nodes.entries()) {
      if (!isObject(node)) continue;
      const here = `${at}/${i}`;
      if (Array.isArray(node.children)) {
        walk(node.children, `${here}/children`);
        continue;
      }
      if (typeof node.key !== 'string' || node.not_sql_field) continue;
      const key = node.key;
      if (!COLUMN_NAME.test(key)) {
        out.push(
          issue(
            `${here}/key`,
            'schema.badKey',
            `字段名 ${key.slice(0, 64)} 只能包含字母、数字和下划线，且以字母开头（最多 60 个字符）`,
            `Field key "${key.slice(0, 64)}" must start with a letter and hold only letters, digits and _ (at most 60)`,
          ),
        );
        continue;
      }
      const folded = key.toLowerCase();
      if (SQL_RESERVED.has(folded) || (folded.startsWith('zr') && /^zr\d+_/.test(folded)) || folded.startsWith('uq_')) {
        out.push(
          issue(
            `${here}/key`,
            'schema.reservedKey',
            `字段名 ${key} 是 SQL 关键字或保留名`,
            `Field key "${key}" is an SQL keyword or a reserved name`,
          ),
        );
        continue;
      }
      if (standard.has(folded)) continue;
      const first = seen.get(folded);
      if (first)
        out.push(
          issue(
            `${here}/key`,
            'schema.duplicateKey',
            `字段名 ${key} 与 ${first} 重复`,
            `Field key "${key}" is also used at ${first}`,
          ),
        );
      else seen.set(folded, `${here}/key`);
    }
  };
  walk(list.fields, `${pointer}/fields`);
  return out;
}

/** Every issue of a module schema for `table`, or none. */
export function moduleIssues(schema: unknown, table: string): StoreIssue[] {
  const issues = metaIssues(schema);
  if (!TABLE_NAME.test(table) || table.length > 40)
    issues.push(
      issue(
        '/table_name',
        'schema.badTable',
        '数据表名只能包含小写字母、数字和下划线，以字母开头',
        'The table name must be lower-case letters, digits and _, starting with a letter',
      ),
    );
  else if (SQL_RESERVED.has(table))
    issues.push(
      issue(
        '/table_name',
        'schema.reservedTable',
        `数据表名 ${table} 是 SQL 关键字`,
        `The table name "${table}" is an SQL keyword`,
      ),
    );
  const list = listOf(schema, table);
  if (!list)
    issues.push(
      issue(
        '/body',
        'schema.noList',
        `页面中没有数据表 ${table} 的列表`,
        `The page has no list node for table "${table}"`,
      ),
    );
  else issues.push(...fieldIssues(list.node, list.pointer));
  return issues;
}

/** Parse, migrate and check a module schema; throws one error listing every issue. */
export function prepareModuleSchema(input: unknown, table: string): unknown {
  const schema = migrateForStore(parseSchemaInput(input));
  const issues = moduleIssues(schema, table);
  if (issues.length) throw invalidSchema(issues);
  return schema;
}

/** Parse, migrate and check a page schema that holds no module table (dashboards, system pages). */
export function preparePageSchema(input: unknown): unknown {
  const schema = migrateForStore(parseSchemaInput(input));
  const issues = metaIssues(schema);
  if (issues.length) throw invalidSchema(issues);
  return schema;
}

/** A stored schema's text → the schema at the latest schemaVersion (every read goes through migrate). */
export function readStoredSchema(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return migrateForStore(JSON.parse(text));
  } catch {
    return null;
  }
}
