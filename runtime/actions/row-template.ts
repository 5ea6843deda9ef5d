/**
 * Row placeholders in a row button's params: `{id}` is the row's id and `{key}` any plain value of
 * the row (`modules/{id}/export`, `design/{id}`, `{table_name}.json`). Values are URL-encoded in a
 * path, so a row value can never add segments or a query; in a file name, separators become `_`.
 * A placeholder the row cannot fill leaves the text undefined: the action says it is unavailable.
 */
import type { ActionContext } from './types';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;

function rowValue(ctx: Pick<ActionContext, 'row' | 'id'>, key: string): string | undefined {
  if (key === 'id' && ctx.id !== undefined) return String(ctx.id);
  const value = ctx.row?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function fill(text: string, ctx: Pick<ActionContext, 'row' | 'id'>, encode: (v: string) => string) {
  let missing = false;
  const out = text.replace(PLACEHOLDER, (_, key: string) => {
    const value = rowValue(ctx, key);
    if (value === undefined || value === '') missing = true;
    return encode(value ?? '');
  });
  return missing ? undefined : out;
}

/** A path with the row's values in place (each URL-encoded), or undefined when one is missing. */
export const rowPath = (text: string, ctx: Pick<ActionContext, 'row' | 'id'>) => fill(text, ctx, encodeURIComponent);

/** A file name with the row's values in place (path separators replaced), or undefined when one is missing. */
export const rowFileName = (text: string, ctx: Pick<ActionContext, 'row' | 'id'>) =>
  fill(text, ctx, (v) => v.replace(/[/\\]/g, '_'));

/** Text with the row's values in place as they are (the caller encodes), or undefined when one is missing. */
export const rowText = (text: string, ctx: Pick<ActionContext, 'row' | 'id'>) => fill(text, ctx, (v) => v);
