/**
 * The condition picker: rows of field · comparison · value joined by all / any, so an admin builds
 * a condition without writing an expression; and the expression box for power users, checked by
 * the runtime's own parser (and against the form's keys) as it is typed. Both controlled.
 */
import { Button, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { translate } from '../../protocol/messages';
import {
  CONDITION_OPS,
  opTakesValue,
  type Condition,
  type Conditions,
  type Literal,
  type Refusal,
  type SourceField,
} from '../core';
import { expressionProblem, nodeOf } from '../core';
import { useDesigner } from './context';
import { useEffect, useState } from 'react';
import type { DictApi } from '../../protocol/page-schema';
import { useRuntime } from '../../runtime/react/context';
import { previewDictionary, type DictItemPreview } from './api';
import { dictCodeOf } from './OptionsEditor';

type Lang = 'zh' | 'en';

/** A dictionary's items (dictApi `dict/<code>`), read once per dictionary while the picker shows. */
function useDictItems(url: string | undefined) {
  const { request } = useRuntime();
  const [items, setItems] = useState<{ url: string; list: DictItemPreview[] }>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    previewDictionary(request, url)
      .then((list) => live && setItems({ url, list }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request, url]);
  return url && items?.url === url ? items.list : undefined;
}

/**
 * The options a value can take when the source field has fixed ones (a select's selectItems) or
 * a dictionary of the app: the admin picks 战略, not the stored value they would have to know.
 */
function useSourceOptions(source: SourceField | undefined, lang: Lang) {
  const { state } = useDesigner();
  const json = source ? nodeOf(state.editor.doc, source.id) : undefined;
  const items = json?.selectItems as unknown[] | undefined;
  const dictUrl = dictCodeOf(json?.dictApi as DictApi | undefined) ? (json?.dictApi as DictApi).url : undefined;
  const dictItems = useDictItems(Array.isArray(items) ? undefined : dictUrl);
  if (!Array.isArray(items))
    return dictItems?.map((item) => ({ value: item.value as Literal, label: item.label ?? String(item.value) }));
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { value, label } = item as { value: Literal; label?: string | { zh: string; en?: string } };
    const text = typeof label === 'object' ? ((lang === 'en' ? label.en : undefined) ?? label.zh) : label;
    return [{ value, label: text ?? String(value) }];
  });
}

function ValueInput(props: { condition: Condition; source?: SourceField; onChange: (value: Literal) => void }) {
  const { lang } = useDesigner();
  const options = useSourceOptions(props.source, lang);
  const placeholder = translate(lang, 'designerPanel.value');
  if (options)
    return (
      <Select
        size="small"
        style={{ minWidth: 96, flex: 1 }}
        placeholder={placeholder}
        value={props.condition.value as string | number | undefined}
        options={options.map((option) => ({ value: option.value as string | number, label: option.label }))}
        onChange={(value) => props.onChange(value)}
        data-testid="condition-value"
      />
    );
  if (props.source?.numeric)
    return (
      <InputNumber
        size="small"
        style={{ width: 96 }}
        placeholder={placeholder}
        value={typeof props.condition.value === 'number' ? props.condition.value : undefined}
        onChange={(value) => props.onChange(typeof value === 'number' ? value : 0)}
        data-testid="condition-value"
      />
    );
  return (
    <Input
      size="small"
      style={{ flex: 1, minWidth: 80 }}
      placeholder={placeholder}
      value={props.condition.value === undefined ? '' : String(props.condition.value)}
      onChange={(event) => props.onChange(event.target.value)}
      data-testid="condition-value"
    />
  );
}

export function ConditionRows(props: {
  sources: SourceField[];
  value: Conditions;
  onChange: (next: Conditions) => void;
  disabled?: boolean;
}) {
  const { lang } = useDesigner();
  const { value, sources } = props;
  const change = (index: number, patch: Partial<Condition>) =>
    props.onChange({
      ...value,
      items: value.items.map((item, at) => (at === index ? { ...item, ...patch } : item)),
    });
  if (!sources.length)
    return <Typography.Text type="secondary">{translate(lang, 'designerPanel.noSources')}</Typography.Text>;
  return (
    <div className="tessera-designer-conditions">
      {value.items.length > 1 && (
        <Radio.Group
          size="small"
          value={value.join}
          disabled={props.disabled}
          onChange={(event) => props.onChange({ ...value, join: event.target.value as Conditions['join'] })}
          optionType="button"
          options={[
            { value: 'and', label: translate(lang, 'designerPanel.joinAll') },
            { value: 'or', label: translate(lang, 'designerPanel.joinAny') },
          ]}
        />
      )}
      {value.items.map((item, index) => {
        const source = sources.find((field) => field.key === item.key);
        return (
          <div className="tessera-designer-condition" key={index} data-testid="condition-row">
            <Select
              size="small"
              style={{ width: 112 }}
              placeholder={translate(lang, 'designerPanel.field')}
              value={item.key || undefined}
              disabled={props.disabled}
              showSearch
              optionFilterProp="label"
              options={sources.map((field) => ({ value: field.key, label: field.title }))}
              onChange={(key: string) => change(index, { key, value: undefined })}
              data-testid="condition-field"
            />
            <Select
              size="small"
              style={{ width: 92 }}
              value={item.op}
              disabled={props.disabled}
              options={CONDITION_OPS.map((op) => ({ value: op, label: translate(lang, `designerPanel.op.${op}`) }))}
              onChange={(op) => change(index, { op, ...(opTakesValue(op) ? {} : { value: undefined }) })}
              data-testid="condition-op"
            />
            {opTakesValue(item.op) && (
              <ValueInput condition={item} source={source} onChange={(next) => change(index, { value: next })} />
            )}
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={translate(lang, 'designerPanel.remove')}
              disabled={props.disabled}
              onClick={() => props.onChange({ ...value, items: value.items.filter((_, at) => at !== index) })}
            />
          </div>
        );
      })}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={props.disabled}
        onClick={() => props.onChange({ ...value, items: [...value.items, { key: '', op: 'eq' }] })}
        data-testid="add-condition"
      >
        {translate(lang, 'designerPanel.addCondition')}
      </Button>
    </div>
  );
}

/**
 * The power user's box: the text, its problem (grammar, unknown key, a cycle) or that it is valid.
 * Each text typed goes to `onChange`, then is checked by the evaluator against the form's `keys`:
 * `onValid` gets it trimmed when it passes, `onProblem` what is wrong when it does not.
 */
export function ExpressionBox(props: {
  value: string;
  problem?: Refusal;
  keys: string[];
  onChange: (text: string) => void;
  onValid: (text: string) => void;
  onProblem: (problem: Refusal) => void;
  disabled?: boolean;
}) {
  const { lang } = useDesigner();
  const typed = (text: string) => {
    props.onChange(text);
    const wrong = expressionProblem(text, props.keys);
    if (wrong) props.onProblem(wrong);
    else props.onValid(text.trim());
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      <Input.TextArea
        value={props.value}
        disabled={props.disabled}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={translate(lang, 'designerPanel.expressionHint')}
        status={props.problem ? 'error' : undefined}
        spellCheck={false}
        className="tessera-designer-expression"
        onChange={(event) => typed(event.target.value)}
        data-testid="expression-box"
      />
      {props.problem ? (
        <Typography.Text type="danger" data-testid="expression-problem">
          {props.problem.message[lang]}
        </Typography.Text>
      ) : props.value.trim() ? (
        <Typography.Text type="success">{translate(lang, 'designerPanel.expressionOk')}</Typography.Text>
      ) : null}
    </Space>
  );
}
