/**
 * The 联动 tab of a field (docs/designer.md "Linkage"): show / hide, read-only and required by
 * condition, a value set from a constant or another field, and options filtered by another field —
 * each picked from the form's fields (designer/core linkage.ts writes the runtime's expressions),
 * or typed as an expression checked as it is typed. A change that would close a linkage cycle
 * (A sets B sets A) is refused here, at the node, naming the cycle; nothing is applied.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Segmented, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { translate } from '../../protocol/messages';
import { getWidget } from '../../runtime/core/registry';
import type { DictApi } from '../../protocol/page-schema';
import {
  conditionCommand,
  conditionsExpression,
  nodeOf,
  optionLinkCommand,
  optionLinks,
  parseConditions,
  sourceFields,
  splitVisibility,
  type ConditionProp,
  type Conditions,
  type Refusal,
  type SourceField,
} from '../core';
import { ConditionRows, ExpressionBox } from './ConditionRows';
import { useDesigner } from './context';
import { ModeSwitch, NONE, Section, useExternal, useLinkageWriter, type SectionProps } from './linkage-parts';
import { ValueSection } from './LinkageValueSection';

/** hiddenFn (with show / hide), disabledFn or requiredFn. */
function ConditionSection(props: SectionProps & { prop: ConditionProp; title: string; visibility?: boolean }) {
  const { state, lang, readOnly } = useDesigner();
  const write = useLinkageWriter();
  const stored = nodeOf(state.editor.doc, props.id)?.[props.prop] as string | undefined;
  // Nothing set yet: "show when" reads most naturally, so it is the first choice.
  const initial = () =>
    props.visibility
      ? stored?.trim()
        ? splitVisibility(stored)
        : { show: true, inner: '' }
      : { show: false, inner: stored?.trim() ?? '' };
  const [show, setShow] = useState(() => initial().show);
  const [draft, setDraft] = useState<Conditions>(() => parseConditions(initial().inner) ?? NONE);
  const [mode, setMode] = useState<'pick' | 'expr'>(() => (parseConditions(initial().inner) ? 'pick' : 'expr'));
  const [text, setText] = useState(() => initial().inner);
  const [problem, setProblem] = useState<Refusal>();
  const written = useExternal(stored, () => {
    const next = initial();
    const parsed = parseConditions(next.inner);
    setShow(next.show);
    setText(next.inner);
    setDraft(parsed ?? NONE);
    setMode(parsed ? 'pick' : 'expr');
    setProblem(undefined);
  });
  const commit = (inner: string | undefined, nextShow = show) => {
    const full = inner && props.visibility && nextShow ? `!(${inner})` : inner || undefined;
    const refused = write(conditionCommand(props.id, props.prop, full));
    setProblem(refused);
    if (!refused) written.current = full;
  };
  return (
    <Section
      testId={`linkage-${props.prop}`}
      title={props.title}
      extra={
        <ModeSwitch
          mode={mode}
          onChange={(next) => {
            if (next === 'expr') setText(conditionsExpression(draft) ?? text);
            else setDraft(parseConditions(text) ?? NONE);
            setMode(next);
          }}
        />
      }
    >
      {props.visibility && (
        <Segmented
          size="small"
          block
          disabled={readOnly}
          value={show ? 'show' : 'hide'}
          onChange={(value) => {
            setShow(value === 'show');
            commit(mode === 'pick' ? conditionsExpression(draft) : text.trim(), value === 'show');
          }}
          options={[
            { value: 'show', label: translate(lang, 'designerPanel.showWhen') },
            { value: 'hide', label: translate(lang, 'designerPanel.hideWhen') },
          ]}
          style={{ marginBottom: 8 }}
        />
      )}
      {mode === 'pick' ? (
        <ConditionRows
          sources={props.sources}
          value={draft}
          disabled={readOnly}
          onChange={(next) => {
            setDraft(next);
            commit(conditionsExpression(next));
          }}
        />
      ) : (
        <ExpressionBox
          value={text}
          disabled={readOnly}
          problem={problem}
          keys={props.keys}
          onChange={setText}
          onValid={commit}
          onProblem={setProblem}
        />
      )}
      {problem && mode === 'pick' && <Alert type="error" showIcon message={problem.message[lang]} />}
    </Section>
  );
}

/** Options filtered by other fields: a dictApi param set from each source, the source clearing this field. */
function OptionsSection(props: SectionProps) {
  const { state, lang, readOnly } = useDesigner();
  const write = useLinkageWriter();
  const doc = state.editor.doc;
  const json = nodeOf(doc, props.id)!;
  const dictApi = json.dictApi as DictApi | undefined;
  const links = optionLinks(json);
  const [problem, setProblem] = useState<Refusal>();
  const link = (param: string, source: SourceField | undefined) =>
    setProblem(write(optionLinkCommand(doc, props.id, param, source, props.sources)));
  const free = props.sources.filter((field) => !links.some((entry) => entry.key === field.key));
  return (
    <Section testId="linkage-options" title={translate(lang, 'designerPanel.optionsLink')}>
      {!dictApi?.url ? (
        <Typography.Text type="secondary">{translate(lang, 'designerPanel.optionsNeedDict')}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          <Typography.Text type="secondary">{translate(lang, 'designerPanel.optionsLinkHint')}</Typography.Text>
          {links.map(({ param, key }) => (
            <div className="tessera-designer-condition" key={param} data-testid="options-link">
              <Typography.Text code>{param}</Typography.Text>
              <span>=</span>
              <Select
                size="small"
                style={{ flex: 1 }}
                disabled={readOnly}
                value={key}
                options={props.sources.map((field) => ({ value: field.key, label: field.title }))}
                onChange={(next: string) =>
                  link(
                    param,
                    props.sources.find((field) => field.key === next),
                  )
                }
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                disabled={readOnly}
                aria-label={translate(lang, 'designerPanel.remove')}
                onClick={() => link(param, undefined)}
              />
            </div>
          ))}
          {free.length > 0 && (
            <Select
              size="small"
              style={{ width: '100%' }}
              disabled={readOnly}
              value={null}
              placeholder={
                <span>
                  <PlusOutlined /> {translate(lang, 'designerPanel.addOptionsLink')}
                </span>
              }
              options={free.map((field) => ({ value: field.key, label: field.title }))}
              onChange={(key: string) =>
                link(
                  key,
                  props.sources.find((field) => field.key === key),
                )
              }
              data-testid="add-options-link"
            />
          )}
          {problem && <Alert type="error" showIcon message={problem.message[lang]} />}
        </Space>
      )}
    </Section>
  );
}

/** Whether a widget takes options (a dictApi or fixed items): the choice group of the palette. */
export const takesOptions = (type: string) => getWidget(type)?.palette?.group === 'choice';

export function LinkageEditor({ id }: { id: string }) {
  const { state, lang } = useDesigner();
  const doc = state.editor.doc;
  const json = nodeOf(doc, id)!;
  const sources = useMemo(() => sourceFields(doc, id, lang), [doc, id, lang]);
  const keys = useMemo(() => sources.map((field) => field.key), [sources]);
  const type = String(json.type);
  const numeric = ['integer', 'long', 'float', 'double'].includes(getWidget(type)?.columnType ?? '');
  const common = { id, sources, keys };
  return (
    <div className="tessera-designer-linkage" data-linkage-for={id}>
      <ConditionSection {...common} prop="hiddenFn" visibility title={translate(lang, 'designerPanel.visibility')} />
      <ConditionSection {...common} prop="disabledFn" title={translate(lang, 'designerPanel.readOnlyWhen')} />
      <ConditionSection {...common} prop="requiredFn" title={translate(lang, 'designerPanel.requiredWhen')} />
      <ValueSection {...common} numeric={numeric} />
      {takesOptions(type) && <OptionsSection {...common} />}
    </div>
  );
}
