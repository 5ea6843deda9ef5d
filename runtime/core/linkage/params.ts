/**
 * `{{ }}` placeholders in dictApi params (building-blocks §4 linkage): a param whose value is
 * exactly "{{ expr }}" takes the expression's value (type kept); placeholders inside longer text are
 * substituted as text. Expressions go through the safe evaluator with the form values as scope,
 * so "{{province}}", "{{ upper(code) }}" or "{{ region.id }}" all work and nothing reaches eval.
 */
import type { DictApi } from '../../../protocol/page-schema';
import { evaluate, parseExpression } from '../expression/evaluate';

const WHOLE = /^\s*\{\{([\s\S]+?)\}\}\s*$/;
const ANY = /\{\{([\s\S]+?)\}\}/g;

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** Root identifiers an expression reads (helper names and property names excluded). */
function identifiers(node: unknown, out: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  const n = node as Record<string, unknown>;
  if (n.type === 'Identifier') {
    out.add(String(n.name));
    return;
  }
  if (n.type === 'MemberExpression') {
    identifiers(n.object, out);
    if (n.computed) identifiers(n.property, out);
    return;
  }
  if (n.type === 'CallExpression') {
    (n.arguments as unknown[]).forEach((a) => identifiers(a, out));
    return;
  }
  for (const value of Object.values(n)) {
    if (Array.isArray(value)) value.forEach((v) => identifiers(v, out));
    else if (value && typeof value === 'object') identifiers(value, out);
  }
}

function expressionsOf(params: DictApi['params']): string[] {
  const found: string[] = [];
  for (const value of Object.values(params ?? {})) {
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(ANY)) found.push(match[1]!.trim());
  }
  return found;
}

/** Form keys a dictApi's params depend on. A malformed expression throws (schemas:check rejects it first). */
export function templateKeys(api: DictApi): string[] {
  const out = new Set<string>();
  for (const expression of expressionsOf(api.params)) identifiers(parseExpression(expression), out);
  return [...out];
}

export function hasTemplates(api: DictApi): boolean {
  return expressionsOf(api.params).length > 0;
}

type ParamReader = (values: Record<string, unknown>) => { value: unknown; blank: boolean };

/** One param, split once: a constant, a whole `{{ expr }}` (type kept) or text with placeholders. */
function compileParam(value: unknown): ParamReader {
  if (typeof value !== 'string' || !value.includes('{{')) return () => ({ value, blank: false });
  const read = (expression: string, values: Record<string, unknown>) => evaluate(expression, {}, { fallback: values });
  const whole = WHOLE.exec(value);
  if (whole) {
    const expression = whole[1]!.trim();
    return (values) => {
      const resolved = read(expression, values);
      return { value: resolved, blank: isBlank(resolved) };
    };
  }
  // Literal text and expressions alternate: split(ANY) puts each captured expression at odd indexes.
  const parts = value.split(ANY).map((part, i) => (i % 2 ? part.trim() : part));
  return (values) => {
    let blank = false;
    const text = parts
      .map((part, i) => {
        if (!(i % 2)) return part;
        const resolved = read(part, values);
        if (isBlank(resolved)) blank = true;
        return String(resolved ?? '');
      })
      .join('');
    return { value: text, blank };
  };
}

export type DictApiResolver = (values: Record<string, unknown>) => DictApi | undefined;

/**
 * A dictApi's params split into readers once (a linkage dependent resolves on each keystroke in its
 * parent; issue 23): the resolver only evaluates, with the expressions' parses cached by source.
 */
export function compileDictApi(api: DictApi, implicitParams: readonly string[] = []): DictApiResolver {
  const readers = Object.entries(api.params ?? {}).map(([name, value]) => [name, compileParam(value)] as const);
  return (values) => {
    const params: Record<string, unknown> = {};
    for (const [name, reader] of readers) {
      const { value, blank } = reader(values);
      if (blank) return undefined;
      params[name] = value;
    }
    for (const key of implicitParams) {
      if (isBlank(values[key])) return undefined;
      params[key] = values[key];
    }
    return { ...api, params };
  };
}

/**
 * The dictApi to load with the current values, or undefined when a value it needs is still empty
 * (no request: the dependent has no options until its parent is chosen).
 */
export function resolveDictApi(
  api: DictApi,
  values: Record<string, unknown>,
  implicitParams: readonly string[] = [],
): DictApi | undefined {
  return compileDictApi(api, implicitParams)(values);
}
