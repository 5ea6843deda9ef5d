/** The 联动 tab's value section (docs/designer.md "Linkage"): a field's valueFn picked or typed. */
import { useState } from 'react';
import { Alert, Input, InputNumber, Select, Space, Typography } from 'antd';
import { translate } from '../../protocol/messages';
import { conditionCommand, nodeOf, parseValueRule, valueExpression, type Refusal, type ValueRule } from '../core';
import { ConditionRows, ExpressionBox } from './ConditionRows';
import { useDesigner } from './context';
import { ModeSwitch, NONE, Section, useExternal, useLinkageWriter, type SectionProps } from './linkage-parts';

type ValueFrom = 'none' | 'value' | 'field';

/** valueFn: a constant or another field's value, always or when the conditions hold. */
export function ValueSection(props: SectionProps & { numeric: boolean }) {
  const { state, lang, readOnly } = useDesigner();
  const write = useLinkageWriter();
  const stored = nodeOf(state.editor.doc, props.id)?.valueFn as string | undefined;
  const [rule, setRule] = useState<ValueRule | undefined>(() => parseValueRule(stored));
  const [from, setFrom] = useState<ValueFrom>(() => parseValueRule(stored)?.from.kind ?? 'none');
  const [mode, setMode] = useState<'pick' | 'expr'>(() => (!stored || parseValueRule(stored) ? 'pick' : 'expr'));
  const [text, setText] = useState(stored ?? '');
  const [problem, setProblem] = useState<Refusal>();
  const written = useExternal(stored, () => {
    const parsed = parseValueRule(stored);
    setRule(parsed);
    setFrom(parsed?.from.kind ?? 'none');
    setMode(!stored || parsed ? 'pick' : 'expr');
    setText(stored ?? '');
    setProblem(undefined);
  });
  const commit = (expression: string | undefined) => {
    const refused = write(conditionCommand(props.id, 'valueFn', expression || undefined));
    setProblem(refused);
    if (!refused) written.current = expression || undefined;
  };
  const update = (next: ValueRule | undefined) => {
    setRule(next);
    commit(next ? valueExpression(next) : undefined);
  };
  const conditions = rule?.conditions ?? NONE;
  const literal = rule?.from.kind === 'value' ? rule.from.value : undefined;
  return (
    <Section
      testId="linkage-valueFn"
      title={translate(lang, 'designerPanel.valueLink')}
      extra={<ModeSwitch mode={mode} onChange={setMode} />}
    >
      {mode === 'expr' ? (
        <ExpressionBox
          value={text}
          disabled={readOnly}
          problem={problem}
          keys={props.keys}
          onChange={setText}
          onValid={commit}
          onProblem={setProblem}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          <div className="tessera-designer-condition">
            <Typography.Text>{translate(lang, 'designerPanel.setTo')}</Typography.Text>
            <Select
              size="small"
              style={{ width: 104 }}
              value={from}
              disabled={readOnly}
              onChange={(next: ValueFrom) => {
                setFrom(next);
                if (next === 'none') update(undefined);
                else setRule(undefined);
              }}
              options={[
                { value: 'none', label: translate(lang, 'designerPanel.noValueLink') },
                { value: 'value', label: translate(lang, 'designerPanel.fixedValue') },
                { value: 'field', label: translate(lang, 'designerPanel.fieldValue') },
              ]}
              data-testid="value-from"
            />
            {from === 'field' && (
              <Select
                size="small"
                style={{ flex: 1, minWidth: 96 }}
                disabled={readOnly}
                value={rule?.from.kind === 'field' ? rule.from.key : undefined}
                placeholder={translate(lang, 'designerPanel.field')}
                options={props.sources.map((field) => ({ value: field.key, label: field.title }))}
                onChange={(key: string) => update({ conditions, from: { kind: 'field', key } })}
                data-testid="value-field"
              />
            )}
            {from === 'value' &&
              (props.numeric ? (
                <InputNumber
                  size="small"
                  disabled={readOnly}
                  value={typeof literal === 'number' ? literal : undefined}
                  onChange={(value) =>
                    update(typeof value === 'number' ? { conditions, from: { kind: 'value', value } } : undefined)
                  }
                  data-testid="value-literal"
                />
              ) : (
                <Input
                  size="small"
                  style={{ flex: 1 }}
                  disabled={readOnly}
                  value={literal === undefined ? '' : String(literal)}
                  onChange={(event) => update({ conditions, from: { kind: 'value', value: event.target.value } })}
                  data-testid="value-literal"
                />
              ))}
          </div>
          {from !== 'none' && (
            <>
              <Typography.Text type="secondary">
                {translate(lang, 'designerPanel.valueWhen')}
                {conditions.items.length ? '' : ` · ${translate(lang, 'designerPanel.always')}`}
              </Typography.Text>
              <ConditionRows
                sources={props.sources}
                value={conditions}
                disabled={readOnly || !rule}
                onChange={(next) => rule && update({ ...rule, conditions: next })}
              />
            </>
          )}
          {problem && <Alert type="error" showIcon message={problem.message[lang]} />}
        </Space>
      )}
    </Section>
  );
}
