/**
 * From a module page schema to the columns of its table: the list node's `fields`, walking into
 * containers (`children`), skipping not_sql_field fields and display-only widgets. Keys become
 * column names, so they are checked here, once, before they reach any DDL.
 */
import type { ColumnType } from '../../runtime/core/registry';
import type { FieldDefinition, PageNode, Text } from '../../protocol/page-schema';
import { ModuleSchemaError } from '../errors';
import { STANDARD_COLUMNS } from '../db/tables';
import { columnTypeOf } from './column-types';

export interface ModuleColumn {
  name: string;
  type: ColumnType;
  title?: Text;
  required: boolean;
  unique: boolean;
  maxLength?: number;
  /** The designer's "required when" and the field's "hidden when" (server/common/required-when.ts). */
  requiredFn?: string;
  hiddenFn?: string;
}

export interface ModuleFields {
  columns: ModuleColumn[];
  /** Keys of not_sql_field fields: accepted in a body (forms send them) but never stored. */
  virtualKeys: string[];
}

export const COLUMN_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
export const TABLE_NAME = /^[a-z][a-z0-9_]*$/;

type AnyNode = Record<string, unknown>;

const isObject = (value: unknown): value is AnyNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Depth-first list nodes of a page (a list may sit inside a tab or card). */
function findLists(nodes: unknown, out: AnyNode[] = []): AnyNode[] {
  if (!Array.isArray(nodes)) return out;
  for (const node of nodes) {
    if (!isObject(node)) continue;
    if (node.type === 'list') out.push(node);
    findLists(node.children, out);
  }
  return out;
}

export function* walkFields(nodes: unknown): Generator<FieldDefinition> {
  if (!Array.isArray(nodes)) return;
  for (const node of nodes) {
    if (!isObject(node)) continue;
    if (Array.isArray(node.children)) yield* walkFields(node.children);
    else if (typeof node.key === 'string' && typeof node.type === 'string') yield node as unknown as FieldDefinition;
  }
}

/** The list node that defines `table` (or the only list node when the table is not given). */
export function listNodeOf(schema: { body?: PageNode[] }, table?: string): AnyNode {
  const lists = findLists(schema.body);
  const list = table ? lists.find((node) => node.table === table) : lists[0];
  if (!list) throw new ModuleSchemaError(`The schema has no list node${table ? ` for table "${table}"` : ''}`);
  return list;
}

export function moduleFields(schema: { body?: PageNode[] }, table?: string): ModuleFields {
  const list = listNodeOf(schema, table);
  const columns: ModuleColumn[] = [];
  const virtualKeys: string[] = [];
  const seen = new Set<string>(STANDARD_COLUMNS);
  for (const field of walkFields(list.fields)) {
    if (field.not_sql_field) {
      virtualKeys.push(field.key);
      continue;
    }
    if (!COLUMN_NAME.test(field.key)) {
      throw new ModuleSchemaError(
        `Field key "${field.key}" must start with a letter and hold only letters, digits and _ (at most 60)`,
      );
    }
    // MySQL column names ignore case, so `Name` and `name` would be one column there.
    const folded = field.key.toLowerCase();
    if (seen.has(folded)) {
      if ((STANDARD_COLUMNS as readonly string[]).includes(folded)) continue;
      throw new ModuleSchemaError(`Field key "${field.key}" is used twice`);
    }
    const type = columnTypeOf(field);
    if (type === null) continue;
    seen.add(folded);
    columns.push({
      name: field.key,
      type,
      title: field.title,
      required: field.required === true,
      unique: field.unique === true,
      maxLength: typeof field.maxLength === 'number' ? field.maxLength : undefined,
      ...(field.requiredFn ? { requiredFn: field.requiredFn } : {}),
      ...(field.hiddenFn ? { hiddenFn: field.hiddenFn } : {}),
    });
  }
  return { columns, virtualKeys };
}

/** Physical table of a module: m_{app}_{table}, checked so that it is safe as an identifier. */
export function moduleTableName(appIdentify: string, table: string): string {
  if (!TABLE_NAME.test(table)) {
    throw new ModuleSchemaError(
      `Table name "${table}" must be lower-case letters, digits and _, starting with a letter`,
    );
  }
  const physical = `m_${appIdentify}_${table}`;
  if (!TABLE_NAME.test(physical) || physical.length > 60) {
    throw new ModuleSchemaError(`Table name "${physical}" is not valid (lower-case identifier, at most 60 characters)`);
  }
  return physical;
}
