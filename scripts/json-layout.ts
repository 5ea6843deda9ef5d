/**
 * Rewrites JSON in the layout a person left it in: an object or array written on one line in the
 * original stays on one line, everything else is expanded with 2-space indents, keys keep their
 * order, and prettier (the project config) has the last word. Used by `npm run schemas:migrate`
 * so that a migration's diff shows the lines it changed, not a reformatted file.
 */
import * as prettier from 'prettier';

const escapeSegment = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** JSON pointers of the objects and arrays that the text writes on a single line. */
export function compactContainers(text: string): Set<string> {
  const compact = new Set<string>();
  type Frame = { array: boolean; pointer: string; start: number; index: number; key: string; expectKey: boolean };
  const stack: Frame[] = [];
  const childPointer = () => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return `${top.pointer}/${escapeSegment(top.array ? top.index : top.key)}`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.key = JSON.parse(text.slice(i, j + 1)) as string;
        top.expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      stack.push({ array: c === '[', pointer: childPointer(), start: i, index: 0, key: '', expectKey: c === '{' });
    } else if (c === '}' || c === ']') {
      const frame = stack.pop()!;
      if (!text.slice(frame.start, i).includes('\n')) compact.add(frame.pointer);
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return compact;
}

function stringify(value: unknown, pointer: string, compact: Set<string>, indent: string, inline: boolean): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const oneLine = inline || compact.has(pointer);
  const entries: [string, unknown, string][] = Array.isArray(value)
    ? value.map((item, i) => ['', item, `${pointer}/${i}`])
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        `${JSON.stringify(k)}: `,
        v,
        `${pointer}/${escapeSegment(k)}`,
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
