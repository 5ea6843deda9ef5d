/**
 * Rewrites JSON in the layout a person left it in: an object or array written on one line in the
 * original stays on one line, everything else is expanded with 2-space indents, keys keep their
 * order, and prettier (the project config) has the last word. Used by `npm run schemas:migrate`
 * so that a migration's diff shows the lines it changed, not a reformatted file.
 */
import * as prettier from 'prettier';
import { escapePointer } from '../runtime/core/schema/issue';
import { layoutOfText } from '../runtime/core/schema/text-layout';

/** JSON pointers of the objects and arrays that the text writes on a single line. */
export function compactContainers(text: string): Set<string> {
  return new Set([...layoutOfText(text)].filter(([, oneLine]) => oneLine).map(([pointer]) => pointer));
}

function stringify(value: unknown, pointer: string, compact: Set<string>, indent: string, inline: boolean): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const oneLine = inline || compact.has(pointer);
  const entries: [string, unknown, string][] = Array.isArray(value)
    ? value.map((item, i) => ['', item, `${pointer}/${i}`])
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        `${JSON.stringify(k)}: `,
        v,
        `${pointer}/${escapePointer(k)}`,
      ]);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return `${open}${close}`;
  const inner = `${indent}  `;
  const parts = entries.map(([label, item, at]) => label + stringify(item, at, compact, inner, oneLine));
  if (oneLine) return Array.isArray(value) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
  return `${open}\n${parts.map((part) => inner + part).join(',\n')}\n${indent}${close}`;
}

/** `value` as JSON text laid out like `original` (where the two share pointers), prettier-clean. */
export async function formatLike(original: string, value: unknown, filepath: string): Promise<string> {
  const text = stringify(value, '', compactContainers(original), '', false);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath, parser: 'json' });
}
