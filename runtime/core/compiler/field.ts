/**
 * One field definition (building-blocks §3) → one Formily field schema. The form holds STORED
 * values (ms timestamps, comma lists, 0/1): widgets decode and encode in their connect(), so
 * defaults are normalised to the stored form here and `form.submit()` yields storable values.
 */
import type { ISchema } from '@formily/json-schema';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import { getWidget, type ColumnType } from '../registry';
import { hasTemplates } from '../linkage/params';
import { getFieldCompiler } from './hooks';
import { textCheckOf } from './text-input';
import { visibleToRoles } from './select-items';
import type { CompileContext } from './types';
import { buildValidators, revalidateOnBlur } from './validators';

const FORMILY_TYPE: Record<ColumnType, string> = {
  string: 'string',
  text: 'string',
  time: 'number',
  integer: 'number',
  long: 'number',
  float: 'number',
  double: 'number',
  boolean: 'number',
};

function definedOnly<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function compileField(field: FieldDefinition, ctx: CompileContext, index: number): ISchema {
  const widget = getWidget(field.type);
  if (!widget) throw new Error(`Unknown widget type "${field.type}" for field "${field.key}"`);
  const hooks = getFieldCompiler(field.type) ?? {};
  const { lang, mode } = ctx;
  const text = hooks.text;
  const placeholder = field.placeholder !== undefined ? textOf(field.placeholder, lang) : undefined;

  const schema: ISchema = {
    type: widget.noValue ? 'void' : FORMILY_TYPE[widget.columnType],
    title: field.hiddenTitle ? undefined : textOf(field.title, lang),
    'x-index': index,
    'x-decorator': 'FormItem',
    'x-decorator-props': definedOnly({
      gridSpan: field.columnSpan,
      tooltip: field.tooltip !== undefined ? textOf(field.tooltip, lang) : undefined,
      extra: field.extra !== undefined ? textOf(field.extra, lang) : undefined,
      labelCol: field.labelSpan,
      wrapperCol: field.wrapperSpan,
    }),
    'x-component': field.type,
    'x-component-props': definedOnly({
      // Formily's FormItem renders its <label> without `for`; naming the control keeps it
      // reachable by screen readers and by label in tests.
      'aria-label': textOf(field.title, lang) || undefined,
      ...(field.props ?? {}),
      placeholder,
      maxLength: field.maxLength ?? text?.maxLength,
      allowClear: field.allowClear,
      // A search form asks for a condition: a field the record form shows read-only is still typed
      // into here (the module admin's 状态 filter).
      disabled: mode === 'search' ? undefined : field.disabled,
    }),
  };

  if (mode === 'readPretty') {
    schema['x-pattern'] = 'readPretty';
  } else {
    const rules = buildValidators(field, ctx, textCheckOf(field, hooks));
    if (rules.some((r) => typeof r === 'object' && r.required)) schema.required = true;
    if (rules.length) schema['x-validator'] = rules as ISchema['x-validator'];
  }

  if (mode === 'edit' && field.defaultValue !== undefined) {
    const codec = widget.codec;
    schema.default = codec ? codec.encode(codec.decode(field.defaultValue, field), field) : field.defaultValue;
  }

  const reactions: NonNullable<ISchema['x-reactions']>[] = [];
  if (mode !== 'readPretty') reactions.push(revalidateOnBlur);
  if (!visibleToRoles(field.visibleRoleIds, ctx.roleIds)) {
    // Not the user's to see: excluded from the submitted values too (display none drops the value).
    schema['x-display'] = 'none';
  } else if (field.hidden) {
    // Statically hidden fields carry values (ids, codes) that must still be submitted.
    schema['x-display'] = 'hidden';
  } else if (field.hiddenFn && mode !== 'search') {
    // (Not in a search form: hiddenFn reads a record's values, which a search form does not hold.)
    // Hidden by condition → skipped at submit (§5): Formily removes a display:none field's value.
    reactions.push({
      when: `{{ ${field.hiddenFn} }}`,
      fulfill: { state: { display: 'none' } },
      otherwise: { state: { display: 'visible' } },
    });
  }
  reactions.push(...conditionReactions(field, mode));
  if (reactions.length) schema['x-reactions'] = reactions as ISchema['x-reactions'];

  hooks.adapt?.(schema, field, ctx);
  // A dictApi with {{ }} params waits for the form values: the linkage effects resolve and set it.
  // Left in place, Formily would compile the placeholders once, at field creation, with empty values.
  const componentProps = schema['x-component-props'] as Record<string, unknown> | undefined;
  const dictApi = componentProps?.dictApi as FieldDefinition['dictApi'];
  if (dictApi && hasTemplates(dictApi)) delete componentProps!.dictApi;
  return schema;
}

/**
 * The designer's linkage (issue 14): read-only, required and value by condition, each an expression
 * over the form values run by the safe evaluator. Not in a search form (it holds no record); a
 * detail view shows what was stored, so only the read-only condition is left out of it too.
 */
function conditionReactions(field: FieldDefinition, mode: CompileContext['mode']): Record<string, unknown>[] {
  if (mode === 'search' || mode === 'readPretty') return [];
  const reactions: Record<string, unknown>[] = [];
  if (field.disabledFn)
    reactions.push({
      when: `{{ ${field.disabledFn} }}`,
      fulfill: { state: { disabled: true } },
      otherwise: { state: { disabled: false } },
    });
  // Toggles the `{ required: false }` rule buildValidators left for it, so its message is ours.
  if (field.requiredFn && !field.required)
    reactions.push({
      when: `{{ ${field.requiredFn} }}`,
      fulfill: { state: { required: true } },
      otherwise: { state: { required: false } },
    });
  if (field.valueFn) reactions.push({ fulfill: { state: { value: `{{ ${field.valueFn} }}` } } });
  return reactions;
}
