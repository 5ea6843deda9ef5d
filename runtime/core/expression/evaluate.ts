/**
 * The safe expression evaluator (DESIGN §2.3). Schemas are data written by admins and by an LLM, so
 * an expression is parsed with jsep into an AST and walked with a whitelist: it can read values from
 * the scope and compute with them, and nothing else. There is no path from a stored string to
 * eval / new Function / Function.prototype:
 * - identifiers resolve only from the scope's own properties (or the fallback scope's);
 * - member access reads own data properties only, never __proto__ / constructor / prototype;
 * - a function is never a value: only the helpers below can be called, by name;
 * - input length and AST depth are bounded so hostile input fails fast instead of exhausting the stack.
 */
import jsep from 'jsep';
import { EXPRESSION_HELPERS } from './helpers';

export const MAX_EXPRESSION_LENGTH = 2000;
export const MAX_EXPRESSION_DEPTH = 48;
export const MAX_ARRAY_LITERAL = 256;

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly expression: string,
  ) {
    super(`${message} (in expression: ${expression.length > 80 ? `${expression.slice(0, 80)}…` : expression})`);
    this.name = 'ExpressionError';
  }
}

/** Names that lead from data to code in JavaScript: never readable, whatever the object. */
const FORBIDDEN_NAMES = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
  'eval',
  'Function',
  'globalThis',
  'window',
  'self',
  'process',
  'require',
  'import',
]);

const BINARY: Record<string, (a: any, b: any) => unknown> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '==': (a, b) => a == b,
  '!=': (a, b) => a != b,
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '>': (a, b) => a > b,
  '<=': (a, b) => a <= b,
  '>=': (a, b) => a >= b,
};

const UNARY: Record<string, (a: any) => unknown> = {
  '!': (a) => !a,
  '-': (a) => -a,
  '+': (a) => +a,
};

type Node = jsep.Expression;

export interface EvaluateOptions {
  /**
   * Looked up when an identifier is not an own property of the scope (e.g. the form values). When
   * given, an identifier found in neither is undefined instead of an error.
   */
  fallback?: object | null;
}

interface State {
  expression: string;
  scope: object;
  fallback?: object | null;
}

const cache = new Map<string, Node>();
const CACHE_LIMIT = 500;

/** Parses (and caches) an expression; throws ExpressionError for anything outside the grammar. */
export function parseExpression(expression: string): Node {
  if (typeof expression !== 'string') throw new ExpressionError('Expression must be a string', String(expression));
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`Expression longer than ${MAX_EXPRESSION_LENGTH} characters`, expression);
  }
  const cached = cache.get(expression);
  if (cached) return cached;
  // jsep parses recursively: refuse deep bracket nesting before it can exhaust the stack.
  if (bracketDepth(expression) > MAX_EXPRESSION_DEPTH)
    throw new ExpressionError('Expression nested too deeply', expression);
  let ast: Node;
  try {
    ast = jsep(expression);
  } catch (error) {
    // jsep's own errors, or a RangeError from pathological nesting: both are bad input.
    throw new ExpressionError(`Cannot parse: ${(error as Error).message}`, expression);
  }
  checkStructure(ast, expression, 0);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(expression, ast);
  return ast;
}

/** Deepest ( / [ nesting outside string literals. */
function bracketDepth(expression: string): number {
  let depth = 0;
  let max = 0;
  let quote: string | null = null;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') max = Math.max(max, ++depth);
    else if (ch === ')' || ch === ']') depth--;
  }
  return max;
}

/** Rejects at parse time what can never evaluate, so schemas:check reports it before any run. */
function checkStructure(node: Node | null, expression: string, depth: number): void {
  if (node === null) return;
  if (depth > MAX_EXPRESSION_DEPTH) throw new ExpressionError('Expression nested too deeply', expression);
  switch (node.type) {
    case 'Literal':
      if ((node as jsep.Literal).value instanceof RegExp)
        throw new ExpressionError('Regular expressions are not allowed', expression);
      return;
    case 'Identifier':
      checkName((node as jsep.Identifier).name, expression);
      return;
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      checkStructure(member.object, expression, depth + 1);
      if (member.computed) checkStructure(member.property, expression, depth + 1);
      else checkName((member.property as jsep.Identifier).name, expression);
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      if (
        call.callee.type !== 'Identifier' ||
        !Object.hasOwn(EXPRESSION_HELPERS, (call.callee as jsep.Identifier).name)
      ) {
        throw new ExpressionError('Only the helper functions can be called', expression);
      }
      call.arguments.forEach((arg) => checkStructure(arg, expression, depth + 1));
      return;
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!Object.hasOwn(UNARY, unary.operator))
        throw new ExpressionError(`Operator ${unary.operator} is not allowed`, expression);
      checkStructure(unary.argument, expression, depth + 1);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!Object.hasOwn(BINARY, binary.operator) && !['&&', '||', '??'].includes(binary.operator)) {
        throw new ExpressionError(`Operator ${binary.operator} is not allowed`, expression);
      }
      checkStructure(binary.left, expression, depth + 1);
      checkStructure(binary.right, expression, depth + 1);
      return;
    }
    case 'ConditionalExpression': {
      const cond = node as jsep.ConditionalExpression;
      [cond.test, cond.consequent, cond.alternate].forEach((n) => checkStructure(n, expression, depth + 1));
      return;
    }
    case 'ArrayExpression': {
      const array = node as jsep.ArrayExpression;
      if (array.elements.length > MAX_ARRAY_LITERAL) throw new ExpressionError('Array literal too long', expression);
      array.elements.forEach((n) => checkStructure(n, expression, depth + 1));
      return;
    }
    default:
      // ThisExpression, Compound (`a; b`, `new X`, `typeof a`), SequenceExpression and any plugin node.
      throw new ExpressionError(`${node.type} is not allowed`, expression);
  }
}

function checkName(name: string, expression: string): void {
  if (FORBIDDEN_NAMES.has(name)) throw new ExpressionError(`"${name}" is not allowed`, expression);
}

/** True when the expression parses and uses only the allowed grammar (used by the Ajv format). */
export function isValidExpression(expression: string): boolean {
  try {
    parseExpression(expression);
    return true;
  } catch {
    return false;
  }
}

/**
 * Evaluates `expression` against `scope`. Throws ExpressionError for anything outside the grammar,
 * an unknown identifier, or a read that would reach code. Reads of missing own properties on an
 * object give undefined (so `a.b` works on partly filled form values), as in JavaScript.
 */
export function evaluate(expression: string, scope: object, options: EvaluateOptions = {}): unknown {
  const ast = parseExpression(expression);
  return walk(ast, { expression, scope, fallback: options.fallback });
}

function walk(node: Node, state: State): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier':
      return resolveIdentifier((node as jsep.Identifier).name, state);
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const object = walk(member.object, state);
      if (object === null || object === undefined) {
        if (member.optional) return undefined;
        throw new ExpressionError('Cannot read a property of null or undefined', state.expression);
      }
      const key = member.computed ? walk(member.property, state) : (member.property as jsep.Identifier).name;
      return readMember(object, key, state);
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const helper = EXPRESSION_HELPERS[(call.callee as jsep.Identifier).name];
      const args = call.arguments.map((arg) => walk(arg, state));
      return helper(...args);
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      return UNARY[unary.operator](walk(unary.argument, state));
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      const left = walk(binary.left, state);
      // Short-circuit as JavaScript does: the right side may rely on the left (`a && a.b`).
      if (binary.operator === '&&') return left ? walk(binary.right, state) : left;
      if (binary.operator === '||') return left ? left : walk(binary.right, state);
      if (binary.operator === '??') return left ?? walk(binary.right, state);
      return BINARY[binary.operator](toPrimitive(left, state), toPrimitive(walk(binary.right, state), state));
    }
    case 'ConditionalExpression': {
      const cond = node as jsep.ConditionalExpression;
      return walk(cond.test, state) ? walk(cond.consequent, state) : walk(cond.alternate, state);
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((el) => (el ? walk(el, state) : undefined));
    default:
      throw new ExpressionError(`${node.type} is not allowed`, state.expression);
  }
}

function resolveIdentifier(name: string, state: State): unknown {
  if (name === 'undefined') return undefined;
  checkName(name, state.expression);
  for (const source of [state.scope, state.fallback]) {
    if (source !== null && source !== undefined && ownData(source, name)) return safeValue(source, name, state);
  }
  // Form values are sparse (an untouched field has no key yet): with a fallback, absent is undefined.
  if (state.fallback) return touchAbsent(state.fallback, name);
  throw new ExpressionError(`Unknown identifier "${name}"`, state.expression);
}

function readMember(object: unknown, key: unknown, state: State): unknown {
  if (typeof key !== 'string' && typeof key !== 'number') {
    throw new ExpressionError('Property names must be strings or numbers', state.expression);
  }
  const name = String(key);
  checkName(name, state.expression);
  if (typeof object === 'string') {
    // Strings are primitives: only their length and characters are data.
    if (name === 'length') return object.length;
    if (/^\d+$/.test(name)) return object[Number(name)];
    throw new ExpressionError(`Cannot read "${name}" of a string`, state.expression);
  }
  if (typeof object !== 'object' || object === null) {
    throw new ExpressionError(`Cannot read "${name}" of a ${typeof object}`, state.expression);
  }
  const descriptor = Object.getOwnPropertyDescriptor(object, name);
  if (descriptor === undefined) return touchAbsent(object, name);
  // Accessors run code on read; only plain data is readable.
  if (!('value' in descriptor)) throw new ExpressionError(`"${name}" is not a data property`, state.expression);
  return safeValue(object, name, state);
}

/**
 * An absent key reads as undefined. Reactive objects (Formily values) must still see the read, so
 * the expression re-runs when the key appears; names inherited from Object.prototype are not read.
 */
function touchAbsent(object: object, name: string): undefined {
  // Only plain records and arrays: a class instance could answer the read with a prototype getter.
  const proto = Object.getPrototypeOf(object);
  const plain = proto === null || proto === Object.prototype || proto === Array.prototype;
  if (plain && !(name in Object.prototype)) void (object as Record<string, unknown>)[name];
  return undefined;
}

/** An own property holding data (not an accessor); inherited names never count. */
function ownData(object: object, name: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(object, name);
  return descriptor !== undefined && 'value' in descriptor;
}

function safeValue(object: object, name: string, state: State): unknown {
  // Read through the object (not the descriptor) so reactive proxies track the dependency.
  const value = (object as Record<string, unknown>)[name];
  if (typeof value === 'function') throw new ExpressionError(`"${name}" is a function`, state.expression);
  return value;
}

/** Operators on objects would call their toString/valueOf: only primitives and arrays of them go in. */
function toPrimitive(value: unknown, state: State): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(',');
  throw new ExpressionError('Operators work on plain values, not objects', state.expression);
}
