/**
 * A widget type's value format (issue 13 item 3): how its stored value reads as text and how a
 * spreadsheet cell becomes a stored value again. Declared by each widget definition (`format`),
 * looked up with valueFormatOf; the table, the detail and read-only form, export and import all
 * ask it, so the five never disagree. Headless (no React), so the server imports it too.
 */
import type { Lang } from '../../../protocol/constants';
import type { FieldDefinition } from '../../../protocol/page-schema';

export interface FormatContext {
  lang: Lang;
  /** The field's option labels in `lang`, by stored value (static items and dictionary): labels.ts. */
  labels?: ReadonlyMap<string, string>;
  /**
   * Import only: option labels in the other languages → stored value, matched after every
   * option's own label so that one never takes another option's label away.
   */
  aliases?: ReadonlyMap<string, string>;
}

/** A spreadsheet cell as read (exceljs): text, a number (also Excel's date serial), or a boolean. */
export type SheetCell = string | number | boolean;

/** A parsed cell: the stored value, or the reason (a message catalogue key and its vars) it is refused. */
export type ParseResult = { value: unknown } | { error: string; vars?: Record<string, unknown> };

export interface ValueFormat {
  /** What the value is, for the import's text checks and the export's cell type. */
  kind: 'text' | 'number' | 'boolean' | 'date' | 'time' | 'choice' | 'files' | 'rich-text' | 'rows' | 'secret';
  /** Stored value → the text a person reads ('' for no value): table cell, detail, read-only form, export. */
  display(stored: unknown, field: FieldDefinition, ctx: FormatContext): string;
  /** The export cell when it is not the display text: numbers stay numbers for the spreadsheet. */
  cell?(stored: unknown, field: FieldDefinition, ctx: FormatContext): string | number;
  /** Import: a non-empty cell → the stored value. */
  parse(cell: SheetCell, field: FieldDefinition, ctx: FormatContext): ParseResult;
  /** Set when the exported text cannot import back to the same stored value, saying why. */
  lossy?: string;
}
