/**
 * The readable field-by-field diff an operation-log entry carries: a markdown table (field, before,
 * after) of the fields that differ, shown by the log page's detail with the markdown widget
 * (markdown-it without HTML, then the sanitizer: record text in a cell stays inert). Computed once
 * at write time from the redacted values. Stored as plain text with no `%` in it (a cell's `%` is
 * the entity &#37;): the widget's URI decoding leaves such text as it is, and an export — which
 * writes a system table's text unformatted — stays readable.
 */

export type Values = Record<string, unknown>;

/** Columns every record has; their change is the entry's own who/when, not news. */
const OWN_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'app_id',
  'create_by',
  'create_at',
  'update_by',
  'update_at',
  'is_deleted',
]);

const shown = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A table cell: one line, pipes and backslashes escaped, `<` and `%` as entities, at most 300 characters. */
function cell(value: unknown): string {
  const text = shown(value).replace(/\s+/g, ' ').trim();
  const cut = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  const escaped = cut.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/%/g, '&#37;');
  return escaped || '—';
}

export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
}

/** The fields whose shown value differs, in the order they first appear (after, then before). */
export function changedFields(before: Values | undefined, after: Values | undefined): FieldChange[] {
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return keys
    .filter((key) => !OWN_COLUMNS.has(key))
    .map((key) => ({ key, before: before?.[key], after: after?.[key] }))
    .filter((change) => shown(change.before) !== shown(change.after));
}

/** The markdown table of the changes (plain text), or undefined when nothing differs. */
export function diffMarkdown(
  changes: FieldChange[],
  titleOf: (key: string) => string = (key) => key,
): string | undefined {
  if (!changes.length) return undefined;
  const lines = ['| 字段 Field | 修改前 Before | 修改后 After |', '| --- | --- | --- |'];
  for (const change of changes) {
    const title = titleOf(change.key);
    const name = title === change.key ? change.key : `${title} (${change.key})`;
    lines.push(`| ${cell(name)} | ${cell(change.before)} | ${cell(change.after)} |`);
  }
  return lines.join('\n');
}
