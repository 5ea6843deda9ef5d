/**
 * A refused schema answers one error carrying every issue found — pointer, machine code, zh and
 * en text — in `data.issues`, so a designer can mark each one in place; the message repeats the
 * first few for clients that only show a message. Issue shape: runtime/core/schema/issue.ts.
 */
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';

export interface StoreIssue {
  params?: Record<string, unknown>;
  /** JSON pointer of the offending value ("" is the whole document). */
  pointer: string;
  code: string;
  message: { zh: string; en: string };
}

const SHOWN_IN_MESSAGE = 5;

export const issue = (pointer: string, code: string, zh: string, en: string): StoreIssue => ({
  pointer,
  code,
  message: { zh, en },
});

export function invalidSchema(issues: StoreIssue[]): ApiError {
  const join = (lang: 'zh' | 'en') =>
    issues
      .slice(0, SHOWN_IN_MESSAGE)
      .map((i) => `${i.pointer || '/'}: ${i.message[lang]}`)
      .join('; ') + (issues.length > SHOWN_IN_MESSAGE ? ` (+${issues.length - SHOWN_IN_MESSAGE})` : '');
  const error = new ApiError(ResultCode.BAD_REQUEST, 'data.module.invalidSchema', {
    issues: { zh: join('zh'), en: join('en') },
  });
  error.data = { issues };
  return error;
}

/** Nesting depth of a parsed value, counted without recursion; stops once past `max`. */
export function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
