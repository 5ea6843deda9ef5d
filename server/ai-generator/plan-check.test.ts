import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPlan, parsePlanText } from './plan-check';
import { planFieldTypes, PLAN_LIMITS } from './plan-schema';
import type { AppPlan } from './plan-schema';

const valid = (): AppPlan => JSON.parse(readFileSync('fixtures/ai-generator/valid.json', 'utf8')).answers[0];
const check = (plan: unknown) => checkPlan(typeof plan === 'string' ? plan : JSON.stringify(plan), 'tessera_sys_');

describe('the app plan', () => {
  it('offers the registry’s data-entry widgets and nothing that holds no value', () => {
    const types = planFieldTypes();
    expect(types).toEqual(expect.arrayContaining(['input', 'number', 'select', 'date', 'switch', 'textarea']));
    for (const type of ['button', 'image', 'video', 'qr', 'table']) expect(types).not.toContain(type);
  });

  it('unwraps a fenced answer and accepts the valid fixture', () => {
    expect(parsePlanText('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    const verdict = check(valid());
    expect(verdict.ok).toBe(true);
  });

  it('renames reserved identifiers consistently instead of refusing them', () => {
    const plan = valid();
    plan.tables[0].name = 'order';
    plan.tables[0].fields[0].key = 'select';
    plan.tables[0].rows = [{ select: '三体' }];
    plan.tables[2].fields[0].relation = { table: 'order', labelField: 'select' };
    plan.tables[2].rows = [];
    plan.menus[0].tables = ['order', 'member', 'loan'];
    plan.roles[0].tables = ['order'];
    const verdict = check(plan);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.plan.tables[0].name).toBe('order_x');
    expect(verdict.plan.tables[0].fields[0].key).toBe('select_x');
    expect(verdict.plan.tables[2].fields[0].relation).toEqual({ table: 'order_x', labelField: 'select_x' });
    expect(verdict.plan.menus[0].tables[0]).toBe('order_x');
    expect(verdict.plan.roles[0].tables).toEqual(['order_x']);
  });

  it('caps what a prompt can ask for, with pointers', () => {
    const plan = valid();
    plan.tables = Array.from({ length: PLAN_LIMITS.tables + 1 }, (_, i) => ({ ...plan.tables[1], name: `t${i}x` }));
    const verdict = check(plan);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.problems[0]).toMatchObject({ pointer: '/tables' });
    expect(verdict.problems[0].message).toContain(String(PLAN_LIMITS.tables));
  });

  it('refuses script where an identifier goes and a sample row of the wrong type', () => {
    const plan = valid();
    plan.tables[0].fields[0].key = '<script>';
    const bad = check(plan);
    expect(!bad.ok && bad.problems[0].pointer).toBe('/tables/0/fields/0/key');
    const titled = valid();
    titled.tables[0].title.zh = '<script>alert(1)</script>';
    const markup = check(titled);
    expect(!markup.ok && markup.problems[0].pointer).toBe('/tables/0/title/zh');
    const dangling = valid();
    dangling.tables[2].rows = [{ book_id: '不存在的书', member_id: '张三' }];
    const missing = check(dangling);
    expect(!missing.ok && missing.problems[0].pointer).toBe('/tables/2/rows/0/book_id');
    const rows = valid();
    rows.tables[0].rows![0].copies = 'many';
    const refused = check(rows);
    expect(!refused.ok && refused.problems[0].pointer).toBe('/tables/0/rows/0');
  });
});
