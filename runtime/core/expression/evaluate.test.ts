import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluate, isValidExpression, ExpressionError, MAX_EXPRESSION_LENGTH } from './index';

describe('evaluate: ordinary expressions', () => {
  const scope = {
    status: 'closed',
    amount: 12,
    tags: ['vip', 'new'],
    multi: '1,3',
    user: { name: '张三', roles: ['admin'] },
    nothing: null,
  };

  it.each([
    ["status === 'closed'", true],
    ["status == 'open'", false],
    ['amount * 2 + 1', 25],
    ['amount % 5', 2],
    ['amount > 10 && amount <= 12', true],
    ['!amount', false],
    ['-amount', -12],
    ["amount > 100 ? 'big' : 'small'", 'small'],
    ['user.name', '张三'],
    ["user['name'] + '!'", '张三!'],
    ['tags[1]', 'new'],
    ['tags.length', 2],
    ['user.roles[0]', 'admin'],
    ['user.missing', undefined],
    ['nothing ?? 5', 5],
    ['nothing?.x', undefined],
    ['nothing || "fallback"', 'fallback'],
    ["includes(tags, 'vip')", true],
    ["includes(status, 'los')", true],
    ['hasValue(multi, 3)', true],
    ['hasValue(multi, 2)', false],
    ['length(tags)', 2],
    ['isEmpty(nothing) && !isEmpty(tags)', true],
    ['[1, 2, 3][2]', 3],
    ["upper('ab') + lower('CD')", 'ABcd'],
    ['number("12") + 1', 13],
    ['undefined === user.missing', true],
    ['status.length', 6],
  ])('%s → %j', (expression, expected) => {
    expect(evaluate(expression, scope)).toEqual(expected);
  });

  it('falls back to a second scope for unknown identifiers, scope first', () => {
    expect(evaluate('a + b', { a: 1 }, { fallback: { a: 100, b: 2 } })).toBe(3);
  });

  it('rejects unknown identifiers, except that absent form values (fallback) are undefined', () => {
    expect(() => evaluate('missing', {})).toThrow(/Unknown identifier "missing"/);
    expect(evaluate('missing === undefined', {}, { fallback: {} })).toBe(true);
    expect(() => evaluate('toString', {}, { fallback: {} })).not.toThrow();
    expect(evaluate('toString', {}, { fallback: {} })).toBeUndefined();
  });

  it('does not evaluate the right side when && short-circuits', () => {
    expect(evaluate('nothing && nothing.x', { nothing: null })).toBe(null);
  });
});

describe('evaluate: hostile input is rejected and nothing runs', () => {
  afterEach(() => vi.restoreAllMocks());

  const hostile = [
    "constructor.constructor('return process')()",
    'this.constructor',
    'this',
    '__proto__',
    'a.__proto__',
    "a['__proto__']",
    "a['constructor']",
    "a['const' + 'ructor']",
    '[].map.constructor',
    "[].map.constructor('return process')()",
    'a.toString()',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'fn()',
    'a.fn',
    'a.prototype',
    'process.exit(1)',
    'globalThis.process',
    'Function("return 1")()',
    'eval("1")',
    'new Function("x")',
    'typeof a',
    'a = 1',
    'a; b',
    'x => x',
    '(function(){ return 1 })()',
    '/abc/.test(a)',
    'a.getter',
  ];

  it.each(hostile)('%s', (expression) => {
    const fn = vi.fn(() => 'ran');
    const scope = {
      a: {
        fn,
        get getter() {
          return fn();
        },
      },
      fn,
      b: 1,
    };
    expect(() => evaluate(expression, scope)).toThrow(ExpressionError);
    expect(fn).not.toHaveBeenCalled();
  });

  it('cannot reach Function through a computed key built at run time', () => {
    const scope = { k: 'constructor', o: {} };
    expect(() => evaluate('o[k]', scope)).toThrow(/"constructor" is not allowed/);
    expect(() => evaluate("o[k][k]('return process')()", scope)).toThrow(ExpressionError);
  });

  it('does not call an object’s toString or valueOf through operators', () => {
    const valueOf = vi.fn(() => 1);
    const toString = vi.fn(() => 'x');
    expect(() => evaluate('o + 1', { o: { valueOf, toString } })).toThrow(ExpressionError);
    expect(() => evaluate("string(o) + ''", { o: { valueOf, toString } })).not.toThrow();
    expect(valueOf).not.toHaveBeenCalled();
    expect(toString).not.toHaveBeenCalled();
  });

  it('does not resolve inherited names from a scope without a prototype check', () => {
    // Formily's lazyMerge scope says "own" for anything `in` it: inherited functions must still fail.
    const proxy = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: (_t, key) => ({
          value: (Object.prototype as any)[key],
          configurable: true,
          enumerable: true,
        }),
        get: (_t, key) => (Object.prototype as any)[key],
      },
    );
    expect(() => evaluate('toString', proxy)).toThrow(/is a function/);
    expect(() => evaluate('constructor', proxy)).toThrow(/not allowed/);
  });

  it('never runs a prototype getter, even to track an absent key', () => {
    const getter = vi.fn(() => 1);
    class Holder {
      get value() {
        return getter();
      }
    }
    expect(evaluate('h.value', { h: new Holder() })).toBeUndefined();
    expect(evaluate('value', {}, { fallback: new Holder() })).toBeUndefined();
    expect(getter).not.toHaveBeenCalled();
  });

  it('bounds input length and nesting depth', () => {
    expect(() => evaluate('1+'.repeat(MAX_EXPRESSION_LENGTH) + '1', {})).toThrow(/longer than/);
    expect(() => evaluate('('.repeat(500) + '1' + ')'.repeat(500), {})).toThrow(ExpressionError);
    expect(() => evaluate('!'.repeat(200) + 'a', { a: 1 })).toThrow(/nested too deeply/);
    expect(() => evaluate('a' + '.b'.repeat(100), { a: {} })).toThrow(/nested too deeply/);
    expect(evaluate('!'.repeat(20) + 'a', { a: 1 })).toBe(1 === 1);
  });

  it('reports validity without evaluating', () => {
    expect(isValidExpression("status === 'x'")).toBe(true);
    expect(isValidExpression('this.x')).toBe(false);
    expect(isValidExpression('a(')).toBe(false);
  });
});
