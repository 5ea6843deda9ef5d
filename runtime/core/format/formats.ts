/**
 * The value formats widgets declare (each definition picks one and its options). Pure functions of
 * the stored value, the field and the reader's language.
 */
import type { OpUnitType } from 'dayjs';
import { translate } from '../../../protocol/messages';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { dateRangeCodec } from '../codecs/date';
import { joinMulti, splitMulti } from '../codecs/multi';
import { toBoolean } from '../codecs/switch';
import { formatTime } from '../codecs/time';
import { decodeMarkdown, decodeRichText, encodeMarkdown, encodeRichText } from '../codecs/text-encoding';
import { readRows, writeRows } from '../codecs/json-rows';
import { readFiles } from '../upload/value';
import { endOf, parseInstant, showInstant, showRange, startOf } from './dates';
import type { ParseResult, SheetCell, ValueFormat } from './types';

/** Several shown values are joined this way; an import splits on it (and on ，、 for labels). */
export const LIST_JOIN = ', ';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const cellText = (cell: SheetCell) => (typeof cell === 'string' ? cell.trim() : String(cell));
const shown = (cell: SheetCell) => cellText(cell).slice(0, 40);

/** An object where text was expected (files kept by an older widget, JSON): names read best. */
function objectText(stored: object): string {
  const items = Array.isArray(stored) ? stored : [stored];
  return items
    .map((v) => (v && typeof v === 'object' ? String((v as { name?: unknown }).name ?? JSON.stringify(v)) : String(v)))
    .join(LIST_JOIN);
}

/** Text stored as typed (input, textarea, link, code...): a label when the field has options. */
export const textFormat: ValueFormat = {
  kind: 'text',
  display(stored, _field, ctx) {
    if (isBlank(stored)) return '';
    if (typeof stored === 'object') return objectText(stored);
    return ctx.labels?.get(String(stored)) ?? String(stored);
  },
  parse: (cell) => ({ value: typeof cell === 'number' ? String(cell) : cellText(cell) }),
};

export const numberFormat: ValueFormat = {
  kind: 'number',
  display(stored, field) {
    if (isBlank(stored)) return '';
    const number = Number(stored);
    if (!Number.isFinite(number)) return String(stored);
    const precision = field.props?.precision;
    return typeof precision === 'number' ? number.toFixed(precision) : String(number);
  },
  cell: (stored) => (Number.isFinite(Number(stored)) ? Number(stored) : String(stored)),
  parse(cell) {
    const text = cellText(cell);
    const number =
      typeof cell === 'number' ? cell : /^-?[\d,]*\.?\d+$/.test(text) ? Number(text.replace(/,/g, '')) : NaN;
    return Number.isFinite(number) ? { value: number } : { error: 'data.row.number', vars: { value: shown(cell) } };
  },
};

const YES = new Set(['是', 'yes', 'y', 'true', '1', '√', '启用']);
const NO = new Set(['否', 'no', 'n', 'false', '0', '×', '停用']);

/** Stored 1 / 0, read 是 / 否 (Yes / No in English). */
export const booleanFormat: ValueFormat = {
  kind: 'boolean',
  display(stored, _field, ctx) {
    const bool = toBoolean(stored);
    return bool === undefined ? '' : translate(ctx.lang, bool ? 'runtime.value.yes' : 'runtime.value.no');
  },
  parse(cell) {
    if (typeof cell === 'boolean') return { value: cell ? 1 : 0 };
    const text = cellText(cell).toLowerCase();
    if (YES.has(text)) return { value: 1 };
    if (NO.has(text)) return { value: 0 };
    return { error: 'data.row.boolean' };
  },
};

type Of<T> = T | ((field: FieldDefinition) => T);
const resolve = <T>(value: Of<T>, field: FieldDefinition): T =>
  typeof value === 'function' ? (value as (f: FieldDefinition) => T)(field) : value;

const customFormat = (field: FieldDefinition) =>
  typeof field.props?.format === 'string' && field.props.format ? field.props.format : undefined;

export interface DateOptions {
  /** Shown format when the field sets no props.format. */
  format: Of<string>;
  /** A pick is snapped to this unit (start; a range's end to its end), so an import stores what a pick would. */
  unit?: Of<OpUnitType | undefined>;
  range?: Of<boolean>;
}

/** A ms timestamp (or "ts1,ts2" for a range) shown in the widget's format. */
export function dateFormat(options: DateOptions): ValueFormat {
  const formatOf = (field: FieldDefinition) => customFormat(field) ?? resolve(options.format, field);
  const isRange = (field: FieldDefinition) => resolve(options.range ?? false, field);
  return {
    kind: 'date',
    display(stored, field) {
      if (isBlank(stored)) return '';
      // A range needs both ends (one end alone reads as no value, as the picker shows it); "ts1,ts2"
      // in a single date's column (older rows, search values) still reads as a range.
      if (isRange(field))
        return dateRangeCodec.decode(stored as string, field) ? showRange(stored, formatOf(field)) : '';
      const several = typeof stored === 'string' && stored.includes(',');
      return several ? showRange(stored, formatOf(field)) : showInstant(stored, formatOf(field));
    },
    parse(cell, field): ParseResult {
      const unit = options.unit === undefined ? undefined : resolve(options.unit, field);
      const refused = { error: 'data.row.date', vars: { value: shown(cell) } };
      if (!isRange(field)) {
        const ms = parseInstant(cell);
        return ms === undefined ? refused : { value: startOf(ms, unit) };
      }
      const ends = cellText(cell).split(/\s*[~～]\s*/);
      const [start, end] = ends.map(parseInstant);
      if (ends.length !== 2 || start === undefined || end === undefined) return refused;
      return { value: `${startOf(start, unit)},${endOf(end, unit)}` };
    },
  };
}

/** Time of day, stored "HH:mm:ss". A cell may be that text or Excel's fraction of a day. */
export const timeFormat: ValueFormat = {
  kind: 'time',
  display: (stored) => (isBlank(stored) ? '' : (formatTime(stored) ?? String(stored))),
  parse(cell) {
    if (typeof cell === 'number' && cell >= 0 && cell < 1) {
      const seconds = Math.round(cell * 86400);
      const pad = (n: number) => String(n).padStart(2, '0');
      return { value: `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}` };
    }
    const time = formatTime(cellText(cell));
    return time ? { value: time } : { error: 'data.row.time', vars: { value: shown(cell) } };
  },
};

export interface ChoiceOptions {
  multi: Of<boolean>;
  /** Values not among the options are allowed (tags): kept as typed on import instead of refused. */
  free?: Of<boolean>;
}

/** Option values shown as their labels (dictionary or static items); several comma-joined. */
export function choiceFormat(options: ChoiceOptions): ValueFormat {
  return {
    kind: 'choice',
    display(stored, field, ctx) {
      if (isBlank(stored)) return '';
      const whole = String(stored);
      // A single choice holding "a,b" (a multi field made single later) still shows each label.
      const several = resolve(options.multi, field) || (!ctx.labels?.has(whole) && whole.includes(','));
      const values = several ? splitMulti(stored) : [whole];
      return values.map((v) => ctx.labels?.get(v.trim()) ?? v).join(LIST_JOIN);
    },
    parse(cell, field, ctx) {
      const multi = resolve(options.multi, field);
      const text = cellText(cell);
      const parts = multi
        ? text
            .split(ctx.labels ? /[,，、]/ : ',')
            .map((p) => p.trim())
            .filter(Boolean)
        : [text];
      if (!ctx.labels) return { value: multi ? joinMulti(parts) : text };
      const byLabel = new Map<string, string>();
      for (const [value, label] of ctx.labels) byLabel.set(label, value);
      for (const value of ctx.labels.keys()) if (!byLabel.has(value)) byLabel.set(value, value);
      if (ctx.aliases) for (const [alias, value] of ctx.aliases) if (!byLabel.has(alias)) byLabel.set(alias, value);
      const values: string[] = [];
      for (const part of parts) {
        const value = byLabel.get(part) ?? (resolve(options.free ?? false, field) ? part : undefined);
        if (value === undefined) return { error: 'data.row.dict', vars: { value: part.slice(0, 40) } };
        values.push(value);
      }
      return { value: multi ? joinMulti(values) : values[0] };
    },
  };
}

/** Uploads: the file names are what a person reads; the export holds them too (not the addresses). */
export const filesFormat: ValueFormat = {
  kind: 'files',
  display: (stored) =>
    readFiles(stored)
      .map((f) => f.name)
      .join(LIST_JOIN),
  parse: (cell) => ({ value: cellText(cell) }),
  lossy: 'file names are shown and exported; the stored addresses are not in the file',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment: block ends become spaces, tags are dropped, common entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (all, name: string) =>
      name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? all),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Rich text: its text only (the detail view renders the HTML itself; tables and exports read text). */
export const richTextFormat: ValueFormat = {
  kind: 'rich-text',
  display: (stored) => {
    const html = decodeRichText(stored);
    return html === undefined ? (isBlank(stored) ? '' : String(stored)) : htmlText(html);
  },
  parse: (cell) => ({ value: encodeRichText(`<p>${escapeHtml(cellText(cell))}</p>`) }),
  lossy: 'the export holds the text only; an import stores it as one paragraph',
};

/** Markdown: its source text (stored URI-encoded). */
export const markdownFormat: ValueFormat = {
  kind: 'text',
  display: (stored) => (isBlank(stored) ? '' : (decodeMarkdown(stored) ?? String(stored))),
  parse: (cell) => ({ value: encodeMarkdown(cellText(cell)) }),
};

/** Sub-table rows: their JSON text, which imports back as the same rows. */
export const rowsFormat: ValueFormat = {
  kind: 'rows',
  display: (stored) => {
    const rows = readRows(stored);
    return rows.length ? JSON.stringify(rows) : '';
  },
  parse(cell) {
    const text = cellText(cell);
    try {
      return { value: writeRows(JSON.parse(text)) };
    } catch {
      return { error: 'data.row.json', vars: { value: shown(cell) } };
    }
  },
};

/** A password is never shown nor exported: a mask where one is set. */
export const secretFormat: ValueFormat = {
  kind: 'secret',
  display: (stored) => (isBlank(stored) ? '' : '******'),
  parse: (cell) => ({ value: cellText(cell) }),
  lossy: 'a password is exported as a mask',
};
