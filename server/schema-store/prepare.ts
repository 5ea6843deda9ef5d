/**
 * The checks before any database work (runtime/core/schema, runtime/core/migrate): parse (size
 * and depth before JSON.parse), migrate to the latest schemaVersion, Ajv against the meta-schema,
 * cross-references (keys are identifiers and not SQL keywords, no key or id twice, references
 * name existing fields, dictionaries, tables and columns), then the module's own rules (its table
 * name, a list node for it). Every problem is a SchemaIssue with the JSON pointer of its node;
 * one error answers all of them. Every read of a stored schema goes through migrate too.
 */
import '../../runtime/definitions';
import { migrateSchema } from '../../runtime/core/migrate';
import {
  crossReferenceIssues,
  parseSchemaText,
  SchemaError,
  validatePageIssues,
  type CrossReferenceContext,
  type SchemaIssue,
} from '../../runtime/core/schema/issues';
import { MAX_SCHEMA_DEPTH } from '../../runtime/core/schema/parse';
import { isSqlReservedWord } from '../../protocol/sql-identifiers';
import { TABLE_NAME } from '../modules/columns';
import { depthOver, invalidSchema, issue } from './issues';

type AnyNode = Record<string, unknown>;
const isObject = (v: unknown): v is AnyNode => typeof v === 'object' && v !== null && !Array.isArray(v);

function refused(error: unknown): never {
  if (error instanceof SchemaError) throw invalidSchema(error.issues);
  throw error;
}

/** JSON text or an already parsed body value → the schema value, refusing huge or deep input. */
export function parseSchemaInput(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      return parseSchemaText(value);
    } catch (error) {
      refused(error);
    }
  }
  if (!isObject(value))
    throw invalidSchema([issue('', 'schema.notObject', '页面配置必须是对象', 'The schema must be an object')]);
  // A body already parsed by Fastify: its depth is counted without recursion before anything walks it.
  if (depthOver(value, MAX_SCHEMA_DEPTH))
    throw invalidSchema([
      issue(
        '',
        'schema.tooDeep',
        `页面配置嵌套超过 ${MAX_SCHEMA_DEPTH} 层`,
        `The schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`,
      ),
    ]);
  return value;
}

/** Schemas are stored at the latest schemaVersion; older ones go through the migration chain. */
export function migrateForStore(schema: unknown): unknown {
  try {
    return migrateSchema(schema).schema;
  } catch (error) {
    refused(error);
  }
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

function tableIssues(schema: unknown, table: string): SchemaIssue[] {
  if (!TABLE_NAME.test(table) || table.length > 40)
    return [
      issue(
        '/table_name',
        'schema.badTable',
        '数据表名只能包含小写字母、数字和下划线，以字母开头（最多 40 个字符）',
        'The table name must be lower-case letters, digits and _, starting with a letter (at most 40)',
      ),
    ];
  if (isSqlReservedWord(table))
    return [
      issue(
        '/table_name',
        'schema.reservedTable',
        `数据表名 ${table} 是 SQL 关键字`,
        `The table name "${table}" is an SQL keyword`,
      ),
    ];
  if (!listOf(schema, table))
    return [
      issue(
        '/body',
        'schema.noList',
        `页面中没有数据表 ${table} 的列表`,
        `The page has no list node for table "${table}"`,
      ),
    ];
  return [];
}

/** Every issue of a migrated schema: meta-schema first (cross-references assume a valid shape). */
function pageIssues(schema: unknown, refs: CrossReferenceContext): SchemaIssue[] {
  const meta = validatePageIssues(schema);
  return meta.length ? meta : crossReferenceIssues(schema, refs);
}

/** Every issue of a module schema for `table`, or none. */
export function moduleIssues(schema: unknown, table: string, refs: CrossReferenceContext = {}): SchemaIssue[] {
  return [...tableIssues(schema, table), ...pageIssues(schema, refs)];
}

/**
 * A schema as sent (JSON text or a parsed body) → the schema at the latest schemaVersion, refusing
 * huge, deep or unmigratable input. Its checks come next (checkModuleSchema / checkPageSchema),
 * once the caller has read what the schema may refer to (refs.ts reads only what it names).
 */
export function readSchemaInput(input: unknown): unknown {
  return migrateForStore(parseSchemaInput(input));
}

/** A read module schema for `table`, checked; throws one error listing every issue. */
export function checkModuleSchema(schema: unknown, table: string, refs: CrossReferenceContext = {}): unknown {
  const issues = moduleIssues(schema, table, refs);
  if (issues.length) throw invalidSchema(issues);
  return schema;
}

/** A read page schema that holds no module table (dashboards, system pages), checked. */
export function checkPageSchema(schema: unknown, refs: CrossReferenceContext = {}): unknown {
  const issues = pageIssues(schema, refs);
  if (issues.length) throw invalidSchema(issues);
  return schema;
}

/** A stored schema's text → the schema at the latest schemaVersion (every read goes through migrate). */
export function readStoredSchema(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as unknown;
    // Rows written before schemaVersion was a contract (and test fixtures that write rows directly)
    // carry none: they are version 1, the shape before the first migration step.
    const versioned = isObject(stored) && stored.schemaVersion === undefined ? { ...stored, schemaVersion: 1 } : stored;
    return migrateSchema(versioned).schema;
  } catch {
    return null;
  }
}
