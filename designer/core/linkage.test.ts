import { describe, expect, it } from 'vitest';
import { sampleDocument } from './test-fixtures/sample';
import {
  conditionCommand,
  conditionsExpression,
  expressionProblem,
  linkageEditProblem,
  nodeOf,
  optionLinkCommand,
  optionLinks,
  parseConditions,
  parseValueRule,
  runCommand,
  sourceFields,
  validateDocument,
  valueExpression,
  visibilityExpression,
  visibilityOf,
  type Conditions,
  type DesignDocument,
} from './index';
import { evaluate } from '../../runtime/core/expression';

const apply = (doc: DesignDocument, command: Parameters<typeof runCommand>[1]) => {
  const outcome = runCommand(doc, command);
  if (!outcome.ok) throw new Error(outcome.message.en);
  return outcome.doc;
};

describe('linkage editor model', () => {
  it('writes conditions as runtime expressions that evaluate as chosen, and reads them back', () => {
    const conditions: Conditions = {
      join: 'and',
      items: [
        { key: 'name', op: 'eq', value: "O'Brien" },
        { key: 'amount', op: 'gte', value: 10 },
        { key: 'note', op: 'notEmpty' },
      ],
    };
    const expression = conditionsExpression(conditions)!;
    expect(expression).toBe("name === 'O\\'Brien' && amount >= 10 && !isEmpty(note)");
    expect(evaluate(expression, { name: "O'Brien", amount: 12, note: 'x' })).toBe(true);
    expect(evaluate(expression, { name: "O'Brien", amount: 9, note: 'x' })).toBe(false);
    expect(parseConditions(expression)).toEqual(conditions);
    const any: Conditions = {
      join: 'or',
      items: [
        { key: 'name', op: 'contains', value: 'vip' },
        { key: 'amount', op: 'empty' },
      ],
    };
    expect(parseConditions(conditionsExpression(any))).toEqual(any);
    expect(conditionsExpression({ join: 'and', items: [] })).toBeUndefined();
  });

  it('leaves a hand-written expression it cannot show as an expression', () => {
    expect(parseConditions('a && b || c')).toBeUndefined();
    expect(parseConditions('amount * 2 > total')).toBeUndefined();
    expect(parseConditions('')).toEqual({ join: 'and', items: [] });
  });

  it('show-when is the negated hiddenFn; hide-when is the hiddenFn itself', () => {
    const when: Conditions = { join: 'and', items: [{ key: 'name', op: 'eq', value: 'x' }] };
    expect(visibilityExpression(true, when)).toBe("!(name === 'x')");
    expect(visibilityOf("!(name === 'x')")).toEqual({ show: true, conditions: when });
    expect(visibilityOf("name === 'x'")).toEqual({ show: false, conditions: when });
  });

  it('a value rule sets a constant or copies a field, when its conditions hold', () => {
    const rule = {
      conditions: { join: 'and' as const, items: [{ key: 'name', op: 'eq' as const, value: 'vip' }] },
      from: { kind: 'value' as const, value: 0.8 },
    };
    const expression = valueExpression(rule)!;
    expect(expression).toBe("name === 'vip' ? 0.8 : undefined");
    expect(evaluate(expression, { name: 'vip' })).toBe(0.8);
    expect(evaluate(expression, { name: 'x' })).toBeUndefined();
    expect(parseValueRule(expression)).toEqual(rule);
    expect(parseValueRule('name')).toEqual({
      conditions: { join: 'and', items: [] },
      from: { kind: 'field', key: 'name' },
    });
    expect(parseValueRule('amount * 2')).toBeUndefined();
  });

  it('checks the power user’s expression as typed: grammar and keys of the form', () => {
    const keys = ['name', 'amount'];
    expect(expressionProblem("amount > 3 && includes(name, 'a')", keys)).toBeUndefined();
    expect(expressionProblem('amount >', keys)?.code).toBe('designer.expressionInvalid');
    expect(expressionProblem('constructor.constructor(1)', keys)?.code).toBe('designer.expressionInvalid');
    const unknown = expressionProblem('price > 3', keys)!;
    expect(unknown.code).toBe('designer.expressionUnknownKey');
    expect(unknown.message.zh).toBe('表达式中的“price”不是本表单的字段');
  });

  it('offers the other valued fields of the same form as sources', () => {
    const doc = sampleDocument();
    expect(sourceFields(doc, 'f_name', 'en').map((field) => [field.key, field.numeric])).toEqual([
      ['amount', true],
      ['note', false],
    ]);
    expect(sourceFields(doc, 'f_title', 'zh').map((field) => field.title)).toEqual(['名称']);
  });

  it('a condition is one undoable settings step; an empty one removes the property', () => {
    const doc = sampleDocument();
    const set = apply(doc, conditionCommand('f_note', 'requiredFn', "name === 'x'"));
    expect(nodeOf(set, 'f_note')!.requiredFn).toBe("name === 'x'");
    expect(validateDocument(set).issues).toEqual([]);
    const removed = apply(set, conditionCommand('f_note', 'requiredFn', undefined));
    expect(nodeOf(removed, 'f_note')).not.toHaveProperty('requiredFn');
  });

  it('links options to a source: the dictApi placeholder and the source’s linkageKeys, and unlinks both', () => {
    let doc = sampleDocument();
    doc = apply(doc, { type: 'updateSettings', id: 'f_note', values: { dictApi: { url: 'dict/city' } } });
    const sources = sourceFields(doc, 'f_note', 'zh');
    const name = sources.find((field) => field.key === 'name')!;
    doc = apply(doc, optionLinkCommand(doc, 'f_note', 'province', name, sources));
    expect(nodeOf(doc, 'f_note')!.dictApi).toEqual({ url: 'dict/city', params: { province: '{{name}}' } });
    expect(nodeOf(doc, 'f_name')!.linkageKeys).toEqual(['note']);
    expect(optionLinks(nodeOf(doc, 'f_note')!)).toEqual([{ param: 'province', key: 'name' }]);
    doc = apply(doc, optionLinkCommand(doc, 'f_note', 'province', undefined, sources));
    expect(nodeOf(doc, 'f_note')!.dictApi).toEqual({ url: 'dict/city' });
    expect(nodeOf(doc, 'f_name')).not.toHaveProperty('linkageKeys');
  });

  it('refuses a linkage that closes a cycle (A sets B sets A), naming it', () => {
    let doc = sampleDocument();
    doc = apply(doc, conditionCommand('f_amount', 'valueFn', 'number(note)'));
    // a condition that only reads is no cycle
    expect(linkageEditProblem(doc, conditionCommand('f_note', 'hiddenFn', 'amount > 1'))).toBeUndefined();
    const problem = linkageEditProblem(doc, conditionCommand('f_note', 'valueFn', 'string(amount)'))!;
    expect(problem.code).toBe('designer.linkageCycle');
    expect(problem.message.zh).toBe('联动形成了循环：amount → note → amount，请去掉其中一个联动');
    // options linked the other way round close a cycle too
    doc = apply(doc, { type: 'updateSettings', id: 'f_amount', values: { dictApi: { url: 'dict/x' } } });
    const sources = sourceFields(doc, 'f_amount', 'zh');
    const note = sources.find((field) => field.key === 'note')!;
    expect(linkageEditProblem(doc, optionLinkCommand(doc, 'f_amount', 'n', note, sources))).toBeUndefined();
    const cyclic = apply(doc, conditionCommand('f_note', 'valueFn', 'string(amount)'));
    expect(validateDocument(cyclic).byNode.get('f_note')?.[0].code).toBe('designer.linkageCycle');
  });
});
