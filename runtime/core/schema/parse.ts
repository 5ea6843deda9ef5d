/**
 * Text → JSON for a schema that arrives from outside (an upload, an import, a designer save): the
 * size and nesting are checked before JSON.parse sees the text, so 10 MB or 10,000 levels are
 * refused cheaply and nothing later (Ajv, the walkers, structuredClone) meets a pathological tree.
 * The depth scan is a loop over the characters, never recursion, so no input can overflow the stack.
 */
import { SchemaError, schemaIssue } from './issue';

export const MAX_SCHEMA_BYTES = 2 * 1024 * 1024;
export const MAX_SCHEMA_DEPTH = 64;

export interface ParseSchemaOptions {
  maxBytes?: number;
  maxDepth?: number;
}

/** The UTF-8 size when it is over `cap` (at least the UTF-16 length), else undefined. */
function bytesOverCap(text: string, cap: number): number | undefined {
  // Every UTF-16 unit takes one to three bytes: only when the answer is unclear are bytes counted.
  if (text.length > cap) return text.length;
  if (text.length * 3 <= cap) return undefined;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > cap ? bytes : undefined;
}

/** The character index where nesting first passes `max`, or -1. Strings are skipped, escapes too. */
export function depthExceededAt(text: string, max: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

/** Parses a page schema's text or throws a SchemaError (schema.tooLarge, schema.tooDeep, schema.notJson). */
export function parseSchemaText(text: string, options: ParseSchemaOptions = {}): unknown {
  const maxBytes = options.maxBytes ?? MAX_SCHEMA_BYTES;
  const maxDepth = options.maxDepth ?? MAX_SCHEMA_DEPTH;
  if (typeof text !== 'string') throw new SchemaError([schemaIssue('', 'schema.notJson', { detail: typeof text })]);
  const bytes = bytesOverCap(text, maxBytes);
  if (bytes !== undefined) throw new SchemaError([schemaIssue('', 'schema.tooLarge', { bytes, max: maxBytes })]);
  const position = depthExceededAt(text, maxDepth);
  if (position >= 0) throw new SchemaError([schemaIssue('', 'schema.tooDeep', { max: maxDepth, position })]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SchemaError([schemaIssue('', 'schema.notJson', { detail: (error as Error).message })]);
  }
}
