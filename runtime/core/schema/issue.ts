/**
 * One problem in a page schema, shaped for a designer: the JSON pointer of the offending value (the
 * node and the field inside it), a machine code from protocol/messages/schema.ts and the text in zh
 * and en, already interpolated. Parse, migrate, meta-schema and cross-reference checks all answer
 * these, so a caller shows every kind of problem the same way.
 */
import { catalog } from '../../../protocol/messages';

export interface SchemaIssue {
  /** JSON pointer of the offending value ("" is the whole document), e.g. /body/0/fields/2/key. */
  pointer: string;
  /** A key of the message catalog, e.g. schema.duplicateKey. */
  code: string;
  message: { zh: string; en: string };
  params?: Record<string, unknown>;
}

/** A whole answer stays readable and small: past this many, one last issue says how many more. */
export const MAX_ISSUES = 500;

const fill = (template: string, params: Record<string, unknown>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

export function schemaIssue(pointer: string, code: string, params: Record<string, unknown> = {}): SchemaIssue {
  const entry = catalog[code] ?? catalog['schema.invalid'];
  const message = { zh: fill(entry.zh, params), en: fill(entry.en, params) };
  return Object.keys(params).length ? { pointer, code, message, params } : { pointer, code, message };
}

/** Keeps the first `max` issues and, when there were more, appends one "and N more" issue. */
export function capIssues(issues: SchemaIssue[], max = MAX_ISSUES): SchemaIssue[] {
  if (issues.length <= max) return issues;
  return [...issues.slice(0, max), schemaIssue('', 'schema.moreIssues', { count: issues.length - max })];
}

/** Thrown by parseSchemaText and migrateSchema: the input is refused, with every reason found. */
export class SchemaError extends Error {
  readonly issues: SchemaIssue[];
  constructor(issues: SchemaIssue[]) {
    super(issues.map((issue) => `${issue.pointer || '/'}: ${issue.message.en}`).join('; '));
    this.name = 'SchemaError';
    this.issues = issues;
  }
}

export const escapePointer = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

export const pointerOf = (...segments: (string | number)[]) => segments.map((s) => `/${escapePointer(s)}`).join('');

/**
 * The pointer of the node an issue belongs to: from the page's `body` down through `fields` and
 * `children` items as long as the pointer keeps going that way (a list, a container, a tab pane, a
 * field), or "" for the page itself. The designer marks that node on the canvas; the rest of the
 * pointer names the property in it: /body/0/fields/2/dictApi/url → /body/0/fields/2. A `children`
 * inside a property (select items) is not a node.
 */
export function nodePointerOf(pointer: string): string {
  const match = /^\/body\/\d+(?:\/(?:fields|children)\/\d+)*/.exec(pointer);
  return match ? match[0] : '';
}
