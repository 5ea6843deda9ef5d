/**
 * The linkage editor's model (issue 14): conditions chosen from the other fields of the form, the
 * effect they have (show / hide, read-only, required, value, options), and the commands that write
 * them — always in the runtime's own vocabulary (`hiddenFn`, `disabledFn`, `requiredFn`, `valueFn`:
 * expressions for the safe evaluator; a dictApi placeholder plus the source's `linkageKeys` for
 * options), so what the admin builds is exactly what runs and nothing of the designer's is saved.
 * An expression the picker cannot show (written by hand) stays an expression: `parseConditions`
 * answers undefined and the editor shows the power user's box instead.
 */
import type jsep from 'jsep';
import { getWidget } from '../../runtime/core/registry';
import { parseExpression } from '../../runtime/core/expression/evaluate';
import { EXPRESSION_HELPERS } from '../../runtime/core/expression/helpers';
import { walkPage } from '../../runtime/core/schema/walk';
import { textOf, type DictApi } from '../../protocol/page-schema';
import { nodeAtPointer, nodeOf, pointerOfNode } from './document';
import { runCommand, type Command } from './commands';
import { expressionKeys } from './expression-keys';
import { linkageCycles } from './linkage-cycles';
import { refuse } from './refusal';
import type { DesignDocument, Refusal } from './types';

export type ConditionOp = 'eq' | 'ne' | 'empty' | 'notEmpty' | 'contains' | 'gt' | 'gte' | 'lt' | 'lte';
export const CONDITION_OPS: ConditionOp[] = ['eq', 'ne', 'empty', 'notEmpty', 'contains', 'gt', 'gte', 'lt', 'lte'];
/** Ops that compare with a value (the others read only the field). */
export const opTakesValue = (op: ConditionOp) => op !== 'empty' && op !== 'notEmpty';

export type Literal = string | number | boolean;
export interface Condition {
  key: string;
  op: ConditionOp;
  value?: Literal;
}
export interface Conditions {
  join: 'and' | 'or';
  items: Condition[];
}

/** The expression properties a condition can drive, one per effect. */
export type ConditionProp = 'hiddenFn' | 'disabledFn' | 'requiredFn' | 'valueFn';

const COMPARE: Partial<Record<ConditionOp, string>> = { eq: '===', ne: '!==', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const FROM_OPERATOR: Record<string, ConditionOp> = {
  '===': 'eq',
  '==': 'eq',
  '!==': 'ne',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
};

export function literalText(value: Literal | undefined): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")}'`;
}

function conditionText({ key, op, value }: Condition): string {
  if (op === 'empty') return `isEmpty(${key})`;
  if (op === 'notEmpty') return `!isEmpty(${key})`;
  if (op === 'contains') return `includes(${key}, ${literalText(value)})`;
  return `${key} ${COMPARE[op]} ${literalText(value)}`;
}

/** The expression of a set of conditions; undefined when there are none (the property is removed). */
export function conditionsExpression(conditions: Conditions): string | undefined {
  const items = conditions.items.filter((item) => item.key);
  if (!items.length) return undefined;
  return items.map(conditionText).join(conditions.join === 'and' ? ' && ' : ' || ');
}

const isIdentifier = (node: jsep.Expression): node is jsep.Identifier => node.type === 'Identifier';
const literalOf = (node: jsep.Expression): Literal | undefined => {
  if (node.type === 'Literal') {
    const value = (node as jsep.Literal).value;
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
  }
  // -5 is a unary minus on 5.
  const unary = node as jsep.UnaryExpression;
  if (node.type === 'UnaryExpression' && unary.operator === '-' && unary.argument.type === 'Literal') {
    const value = (unary.argument as jsep.Literal).value;
    return typeof value === 'number' ? -value : undefined;
  }
  return undefined;
};
const helperCall = (node: jsep.Expression, name: string): jsep.Expression[] | undefined => {
  const call = node as jsep.CallExpression;
  return node.type === 'CallExpression' && isIdentifier(call.callee) && call.callee.name === name
    ? call.arguments
    : undefined;
};

function leafCondition(node: jsep.Expression): Condition | undefined {
  const empty = helperCall(node, 'isEmpty');
  if (empty?.length === 1 && isIdentifier(empty[0])) return { key: empty[0].name, op: 'empty' };
  const unary = node as jsep.UnaryExpression;
  if (node.type === 'UnaryExpression' && unary.operator === '!') {
    const inner = helperCall(unary.argument, 'isEmpty');
    if (inner?.length === 1 && isIdentifier(inner[0])) return { key: inner[0].name, op: 'notEmpty' };
  }
  const includes = helperCall(node, 'includes');
  if (includes?.length === 2 && isIdentifier(includes[0]) && literalOf(includes[1]) !== undefined)
    return { key: includes[0].name, op: 'contains', value: literalOf(includes[1]) };
  const binary = node as jsep.BinaryExpression;
  if (node.type === 'BinaryExpression' && FROM_OPERATOR[binary.operator] && isIdentifier(binary.left)) {
    const value = literalOf(binary.right);
    if (value !== undefined) return { key: binary.left.name, op: FROM_OPERATOR[binary.operator], value };
  }
  return undefined;
}

/** Leaves of a chain of one logical operator (`a && b && c`), or undefined when mixed. */
function chain(node: jsep.Expression, operator: string, out: jsep.Expression[]): void {
  const binary = node as jsep.BinaryExpression;
  if (node.type === 'BinaryExpression' && binary.operator === operator) {
    chain(binary.left, operator, out);
    chain(binary.right, operator, out);
  } else out.push(node);
}

function conditionsOfNode(node: jsep.Expression): Conditions | undefined {
  const binary = node as jsep.BinaryExpression;
  const join = node.type === 'BinaryExpression' && binary.operator === '||' ? 'or' : 'and';
  const leaves: jsep.Expression[] = [];
  chain(node, join === 'or' ? '||' : '&&', leaves);
  const items = leaves.map(leafCondition);
  return items.every((item): item is Condition => !!item) ? { join, items } : undefined;
}

/** The conditions an expression says, when the picker can show them; else undefined (expression mode). */
export function parseConditions(expression: string | undefined): Conditions | undefined {
  if (!expression || !expression.trim()) return { join: 'and', items: [] };
  try {
    return conditionsOfNode(parseExpression(expression) as jsep.Expression);
  } catch {
    return undefined;
  }
}

/** A hiddenFn as the editor shows it: show-when (`!(conditions)`) with its inner text, or hide-when as it is. */
export function splitVisibility(hiddenFn: string | undefined): { show: boolean; inner: string } {
  const text = hiddenFn?.trim() ?? '';
  const negated = /^!\((.*)\)$/s.exec(text);
  if (negated && parseConditions(negated[1])) return { show: true, inner: negated[1] };
  return { show: false, inner: text };
}

/** A hiddenFn read as show-when (`!(…)`) or hide-when. */
export function visibilityOf(hiddenFn: string | undefined): { show: boolean; conditions: Conditions | undefined } {
  const text = hiddenFn?.trim() ?? '';
  const negated = /^!\((.*)\)$/s.exec(text);
  if (negated && parseConditions(negated[1])) return { show: true, conditions: parseConditions(negated[1]) };
  return { show: false, conditions: parseConditions(text) };
}

export function visibilityExpression(show: boolean, conditions: Conditions): string | undefined {
  const expression = conditionsExpression(conditions);
  return expression && show ? `!(${expression})` : expression;
}

/** A value effect: set to a constant or to another field's value, when the conditions hold (or always). */
export interface ValueRule {
  conditions: Conditions;
  from: { kind: 'field'; key: string } | { kind: 'value'; value: Literal };
}

export function valueExpression(rule: ValueRule): string | undefined {
  const value = rule.from.kind === 'field' ? rule.from.key : literalText(rule.from.value);
  if (!value) return undefined;
  const when = conditionsExpression(rule.conditions);
  // undefined leaves the value as it is (the runtime skips an undefined result).
  return when ? `${when} ? ${value} : undefined` : value;
}

export function parseValueRule(expression: string | undefined): ValueRule | undefined {
  if (!expression?.trim()) return undefined;
  let node: jsep.Expression;
  try {
    node = parseExpression(expression) as jsep.Expression;
  } catch {
    return undefined;
  }
  const fromOf = (value: jsep.Expression): ValueRule['from'] | undefined =>
    isIdentifier(value) && value.name !== 'undefined'
      ? { kind: 'field', key: value.name }
      : literalOf(value) !== undefined
        ? { kind: 'value', value: literalOf(value)! }
        : undefined;
  const plain = fromOf(node);
  if (plain) return { conditions: { join: 'and', items: [] }, from: plain };
  const cond = node as jsep.ConditionalExpression;
  if (node.type !== 'ConditionalExpression') return undefined;
  if (!(isIdentifier(cond.alternate) && cond.alternate.name === 'undefined')) return undefined;
  const conditions = conditionsOfNode(cond.test);
  const from = fromOf(cond.consequent);
  return conditions && from ? { conditions, from } : undefined;
}

/**
 * What is wrong with an expression typed in the power user's box, checked by the runtime's own
 * parser as it is typed: outside the grammar, or reading a key no field of the form has.
 */
export function expressionProblem(expression: string, keys: string[]): Refusal | undefined {
  if (!expression.trim()) return undefined;
  let ast: unknown;
  try {
    ast = parseExpression(expression);
  } catch (error) {
    const detail = (error as Error).message.replace(/ \(in expression:[\s\S]*$/, '');
    return refuse('designer.expressionInvalid', { detail });
  }
  const known = new Set(keys);
  for (const key of expressionKeys(ast)) {
    if (Object.hasOwn(EXPRESSION_HELPERS, key)) continue;
    if (!known.has(key)) return refuse('designer.expressionUnknownKey', { key });
  }
  return undefined;
}

export interface SourceField {
  id: string;
  key: string;
  title: string;
  type: string;
  /** The widget stores a number (a condition's value is then a number). */
  numeric: boolean;
}

const NUMERIC = new Set(['integer', 'long', 'float', 'double', 'boolean', 'time']);

/** The other valued fields of the node's form: what a condition or an option source can read. */
export function sourceFields(doc: DesignDocument, id: string, lang: 'zh' | 'en'): SourceField[] {
  const pointer = pointerOfNode(doc, id);
  const fields = walkPage(doc.schema).fields;
  const own = fields.find((entry) => entry.pointer === pointer);
  if (!own) return [];
  return fields
    .filter((entry) => entry.scope === own.scope && entry.pointer !== pointer)
    .filter((entry) => !getWidget(entry.field.type)?.noValue)
    .map((entry) => ({
      id: nodeAtPointer(doc, entry.pointer),
      key: entry.field.key,
      title: textOf(entry.field.title, lang) || entry.field.key,
      type: entry.field.type,
      numeric: NUMERIC.has(getWidget(entry.field.type)?.columnType ?? 'string'),
    }));
}

/** Writes one condition property (undefined removes it). */
export const conditionCommand = (id: string, prop: ConditionProp, expression: string | undefined): Command => ({
  type: 'updateSettings',
  id,
  values: { [prop]: expression },
});

const PLACEHOLDER = /^\s*\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}\s*$/;

/** The option links of a field: each dictApi param that is exactly one other field's value. */
export function optionLinks(json: Record<string, unknown>): { param: string; key: string }[] {
  const params = (json.dictApi as DictApi | undefined)?.params ?? {};
  return Object.entries(params).flatMap(([param, value]) => {
    const match = typeof value === 'string' ? PLACEHOLDER.exec(value) : null;
    return match ? [{ param, key: match[1] }] : [];
  });
}

/**
 * Options from a source: the target's dictApi sends `param={{source}}` and the source names the
 * target in its linkageKeys (so a change clears the target and reloads its options), as one step.
 * `source` undefined removes the link of `param` (and the target from the old source's keys).
 */
export function optionLinkCommand(
  doc: DesignDocument,
  targetId: string,
  param: string,
  source: SourceField | undefined,
  sources: SourceField[],
): Command {
  const target = nodeOf(doc, targetId)!;
  const dictApi = (target.dictApi ?? {}) as DictApi;
  const params: Record<string, unknown> = { ...(dictApi.params ?? {}) };
  const previous = optionLinks(target).find((link) => link.param === param)?.key;
  if (source) params[param] = `{{${source.key}}}`;
  else delete params[param];
  const next: DictApi = { ...dictApi };
  if (Object.keys(params).length) next.params = params;
  else delete next.params;
  const commands: Command[] = [{ type: 'updateSettings', id: targetId, values: { dictApi: next } }];
  const targetKey = String(target.key);
  const keysOf = (id: string) => ((nodeOf(doc, id)?.linkageKeys as string[] | undefined) ?? []).slice();
  const stillLinked = (key: string) =>
    optionLinks(target).some((link) => link.key === key && link.param !== param) || source?.key === key;
  const old = sources.find((field) => field.key === previous);
  if (old && !stillLinked(old.key)) {
    const keys = keysOf(old.id).filter((key) => key !== targetKey);
    commands.push({ type: 'updateSettings', id: old.id, values: { linkageKeys: keys.length ? keys : undefined } });
  }
  if (source && !keysOf(source.id).includes(targetKey))
    commands.push({
      type: 'updateSettings',
      id: source.id,
      values: { linkageKeys: [...keysOf(source.id), targetKey] },
    });
  return commands.length === 1 ? commands[0] : { type: 'batch', commands };
}

const cycleName = (keys: string[]) => [...keys, keys[0]].join(' → ');

/**
 * A linkage edit checked before it is applied: the command's own refusal, or `designer.linkageCycle`
 * when it closes a cycle that was not there (A sets B sets A), naming it; undefined when it may run.
 */
export function linkageEditProblem(doc: DesignDocument, command: Command): Refusal | undefined {
  const outcome = runCommand(doc, command);
  if (!outcome.ok) return outcome;
  const before = new Set(linkageCycles(doc).map((cycle) => [...cycle.keys].sort().join(',')));
  const added = linkageCycles(outcome.doc).find((cycle) => !before.has([...cycle.keys].sort().join(',')));
  return added ? refuse('designer.linkageCycle', { cycle: cycleName(added.keys) }) : undefined;
}
