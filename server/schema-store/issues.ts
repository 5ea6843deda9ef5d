/**
 * A refused schema answers one error carrying every issue found — pointer, machine code, zh and
 * en text — in `data.issues`, so a designer can mark each one in place; the message repeats the
 * first few for clients that only show a message. Issue shape: runtime/core/schema/issue.ts.
 */
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';

export interface StoreIssue {
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

/**
 * Names no module table or column may take: SQL keywords reserved by SQLite, PostgreSQL or MySQL
 * (quoting would make them work, but every hand-written query and export over them would break).
 */
export const SQL_RESERVED = new Set(
  `add all alter analyze and as asc between both by case cast check collate column constraint create
  cross current_date current_time current_timestamp current_user database default delete desc distinct
  drop else end except exists false fetch for foreign from full grant group having in index inner
  insert intersect interval into is join key keys leading left like limit localtime localtimestamp
  match natural not null of offset on or order outer primary references returning right row rows select
  session_user set some table then to trailing true union unique update user using values when where
  window with`
    .split(/\s+/)
    .filter(Boolean),
);

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
