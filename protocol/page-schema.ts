/**
 * TypeScript view of the page schema (schemas/meta is the authority; Ajv checks it). The field
 * definition is building-blocks §3 as written, so that schemas stay small and LLM-friendly;
 * containers (grid, tab, card) hold children.
 */
export type Text = string | { zh: string; en?: string };

export type DataSourceKind = 'REST' | 'COMMON' | 'SQL' | 'STATIC' | 'DICT' | 'USER' | 'DEPT' | 'ROLE';

export interface DictApi {
  url: string;
  params?: Record<string, unknown>;
  valueKey?: string;
  labelKey?: string;
  /** Query key for keyword search (select with search). */
  kwKey?: string;
}

export interface SelectItem {
  value: string | number | boolean;
  label?: Text;
  title?: Text;
  hidden?: boolean;
  visibleRoleIds?: string;
  hiddenFn?: string;
  children?: SelectItem[];
}

export interface FieldDefinition {
  /**
   * The field's id for life (schemaVersion 2): unique in the page, never changed by a rename. Every
   * schema at the latest version has it (the meta-schema requires it); optional here only because
   * fields built in code before migration (tests, old JSON) do not carry one yet.
   */
  id?: string;
  key: string;
  title: Text;
  /** A registered widget type. */
  type: string;
  required?: boolean;
  requiredMessage?: Text;
  rules?: unknown[] | string;
  rule_pattern?: string;
  rule_message?: Text;
  pattern?: string;
  message?: Text;
  unique?: boolean;
  defaultValue?: unknown;
  disabled?: boolean;
  hidden?: boolean;
  /** Expression (safe evaluator) deciding visibility from the form values. */
  hiddenFn?: string;
  /** As a list's table column: width (px), fixed to a side, sortable by the user (the list page config). */
  column?: { width?: number; fixed?: 'left' | 'right'; sortable?: boolean; format?: ColumnFormat };
  /** Expression: read-only while true (linkage, issue 14). */
  disabledFn?: string;
  /** Expression: required while true. */
  requiredFn?: string;
  /** Expression: the value, computed from the other fields whenever they change. */
  valueFn?: string;
  visibleRoleIds?: string;
  tableHidden?: boolean;
  hiddenTitle?: boolean;
  /** Shown in the list's search form, with this rule (default EQUAL, LIKE for text). */
  search?: boolean | { rule?: string | number };
  selectItems?: SelectItem[];
  /** Name of a dictionary (DICT data source) whose items are the options. */
  dict?: string;
  replaceFields?: { value?: string; label?: string; key?: string; title?: string };
  dictApi?: DictApi;
  linkageKeys?: string[];
  linkageApi?: DictApi;
  columnSpan?: number;
  labelSpan?: number;
  wrapperSpan?: number;
  extra?: Text;
  tooltip?: Text;
  placeholder?: Text;
  maxLength?: number;
  allowClear?: boolean;
  allowExport?: boolean;
  allowSpecialCharacter?: boolean;
  /**
   * An API path (GET, `?{key}=value`) answering `{ valid, message }` that checks the value as it is
   * typed (the module admin's table name: api/modules/check); the server repeats the check on save.
   */
  checkApi?: string;
  not_sql_field?: boolean;
  as?: string;
  sort?: number;
  dataType?: 'integer' | 'long' | 'boolean' | 'float' | 'double' | 'string' | 'time' | 'column' | 'text';
  dataIndex?: string;
  auto_no_rule?: unknown;
  type_id?: string;
  /** Widget-specific options (min, max, format, multiple, ...), checked by the widget's own schema. */
  props?: Record<string, unknown>;
}

export interface ContainerNode {
  type: string;
  key?: string;
  title?: Text;
  children: SchemaNode[];
  props?: Record<string, unknown>;
}

export type SchemaNode = FieldDefinition | ContainerNode;

export interface PageSchema {
  $schema?: string;
  /** The version contract (runtime/core/migrate): older schemas load through the migration chain. */
  schemaVersion: number;
  type: 'page';
  title?: Text;
  body: PageNode[];
}

/** Any node with a registered node type (list, form, grid, tab, ...). */
export interface PageNode {
  type: string;
  [key: string]: unknown;
}

export function textOf(text: Text | undefined, lang: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return (lang === 'en' ? text.en : undefined) ?? text.zh;
}

/**
 * A list column's display format (runtime/core/format/column-format.ts): number controls for a
 * number widget, a date pattern for a date widget, an ellipsis length for the rest.
 */
export interface ColumnFormat {
  precision?: number;
  thousands?: boolean;
  percent?: boolean;
  currency?: string;
  pattern?: string;
  ellipsis?: number;
}
