/**
 * What the dashboard designer may bind a widget to (GET api/dashboards/sources, admin): the
 * tables the caller may read, each with its fields and what a query builder can do with them.
 * The server answers it from the registry and the stored module schemas; the designer's query
 * builder offers only these, and marks a widget whose table or field is not among them.
 */
import type { FieldDefinition, Text } from './page-schema';

/**
 * What a table column needs from the stored field to read as in the module's own list (the widget's
 * ValueFormat: a number's precision, a date's format, static option labels, the column's data type).
 */
export type SourceFieldDisplay = Pick<FieldDefinition, 'dataType' | 'selectItems'> & {
  props?: { precision?: number; format?: string };
};

/** number: every measure; date: buckets and the date filter; text: count, count distinct, min, max. */
export type SourceFieldKind = 'number' | 'date' | 'text';

export interface SourceField {
  key: string;
  title?: Text;
  kind: SourceFieldKind;
  /** The field's widget type (select, date, …), absent for the standard columns. */
  widget?: string;
  /** The app dictionary its values come from (`dict`, or `dictApi` `dict/<code>`): a dict filter can use it. */
  dict?: string;
  /** It has options (a dictionary or `selectItems`): grouping by it shows their labels. */
  labelled?: boolean;
  /**
   * A reference field: its options are the rows of another readable table (`dictApi.url`
   * `common/<table>`), its value that table's `key` column. The query builder joins through it.
   */
  ref?: { table: string; key: string };
  /** The stored field's display settings, copied onto a table widget's column. */
  display?: SourceFieldDisplay;
}

export interface SourceTable {
  table: string;
  /** The module's id: its list page is `common/{module}` (a chart's click may open it). */
  module?: string;
  title?: Text;
  fields: SourceField[];
}
