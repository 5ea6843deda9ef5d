/** The form keys an expression reads (the linkage editor's check, and value links in linkage-cycles.ts). */
import { parseExpression } from '../../runtime/core/expression/evaluate';
import { EXPRESSION_HELPERS } from '../../runtime/core/expression/helpers';

/** Root identifiers an expression reads, without helper names, `$` names and `undefined`. */
export function expressionKeys(node: unknown, out = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return out;
  const n = node as Record<string, unknown>;
  if (n.type === 'Identifier') {
    const name = String(n.name);
    if (name !== 'undefined' && !name.startsWith('$')) out.add(name);
    return out;
  }
  if (n.type === 'MemberExpression') {
    expressionKeys(n.object, out);
    if (n.computed) expressionKeys(n.property, out);
    return out;
  }
  if (n.type === 'CallExpression') {
    (n.arguments as unknown[]).forEach((a) => expressionKeys(a, out));
    return out;
  }
  for (const value of Object.values(n)) {
    if (Array.isArray(value)) value.forEach((v) => expressionKeys(v, out));
    else if (value && typeof value === 'object') expressionKeys(value, out);
  }
  return out;
}

/** The form keys a stored expression reads; none for one that does not parse (the meta-schema tells that). */
export function keysRead(expression: unknown): string[] {
  if (typeof expression !== 'string' || !expression.trim()) return [];
  try {
    return [...expressionKeys(parseExpression(expression))].filter((key) => !Object.hasOwn(EXPRESSION_HELPERS, key));
  } catch {
    return [];
  }
}
