/** The schema-failure → catalogue mapping for shapes the route suites do not reach (nesting, titles). */
import { describe, expect, it } from 'vitest';
import { translate } from '../../protocol/messages/index';
import { compileRouteSchema, schemaError } from './validation';
import { strictObject, text } from './shapes';

function messageFor(schema: object, data: unknown, httpPart = 'body', lang: 'zh' | 'en' = 'en'): string {
  const validate = compileRouteSchema({ schema, httpPart, method: 'POST', url: '/x' }) as unknown as {
    (value: unknown): boolean;
    errors: never[];
  };
  expect(validate(data)).toBe(false);
  const error = schemaError(validate.errors, httpPart);
  // As the error handler does (app.ts): a { zh, en } value is said in the caller's language.
  const vars = Object.fromEntries(
    Object.entries(error.vars).map(([k, v]) => [k, typeof v === 'object' && v !== null ? (v as never)[lang] : v]),
  );
  return translate(lang, error.key, vars);
}

const items = strictObject(
  { items: { type: 'array', items: strictObject({ name: text(8, 'name') }, 'item') } },
  'a list of items',
);

describe('route schema errors', () => {
  it('names a nested field by its path', () => {
    expect(messageFor(items, { items: [{ name: 'a' }, { name: 3 }] })).toBe('Field items[1].name must be text');
    expect(messageFor(items, { items: [{}] }, 'body', 'zh')).toBe('items[0].name不能为空');
    expect(messageFor(items, { items: [{ name: 'a', x: 1 }] })).toBe('Unknown field: items[0].x');
  });

  it('names a root value by its title', () => {
    const ids = { type: 'array', title: 'ids', maxItems: 2, items: { type: 'string' } };
    expect(messageFor(ids, ['a', 'b', 'c'])).toBe('ids may hold at most 2 items');
  });

  it('coerces the querystring but never a JSON body', () => {
    const page = strictObject({ page: { type: 'integer', description: 'page' } }, 'paging');
    const query = compileRouteSchema({ schema: page, httpPart: 'querystring', method: 'GET', url: '/x' }) as (
      value: unknown,
    ) => boolean;
    expect(query({ page: '2' })).toBe(true);
    expect(messageFor(page, { page: '2' })).toBe('Field page must be a whole number');
  });
});
