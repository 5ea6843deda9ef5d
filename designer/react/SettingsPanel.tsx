/**
 * The settings of the selected node, rendered by the runtime from its type's settings schema
 * (runtime/core/palette.ts): each edit typed is an `updateSettings` command (consecutive keystrokes
 * in one field make one undo step, sealed when the field loses focus); a key is checked as it is
 * typed (format, reserved words, unique in the form) and a bad one is shown under it, never applied.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Empty, Tabs } from 'antd';
import { createForm, isField, onFieldInputValueChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormBody } from '../../runtime/react/FormBody';
import { translate } from '../../protocol/messages';
import { keyProblem, kindOfNode, nodeOf, ROOT_ID } from '../core';
import { useDesigner } from './context';
import { fromPanel, panelFields, panelValues, staleKeys, toPanel } from './settings-values';
import { getWidget } from '../../runtime/core/registry';
import { AutoNumberEditor } from './AutoNumberEditor';
import { LinkageEditor, takesOptions } from './LinkageEditor';
import { OptionsEditor } from './OptionsEditor';
import { ListPageEditor } from './ListPageEditor';

function NodeSettings({ id }: { id: string }) {
  const { state, dispatch, issues, lang, readOnly } = useDesigner();
  const doc = state.editor.doc;
  const json = nodeOf(doc, id)!;
  const kind = kindOfNode(doc, id);
  const type = json.type;
  const fields = useMemo(() => panelFields(kind, json), [kind, type]); // eslint-disable-line react-hooks/exhaustive-deps
  const keys = useMemo(() => fields.map((field) => field.key), [fields]);
  // The latest document for the handlers the form was made with.
  const latest = { doc, dispatch, lang };
  const ref = useMemo(() => ({ current: latest }), []); // eslint-disable-line react-hooks/exhaustive-deps
  ref.current = latest;
  const form = useMemo(
    () =>
      createForm({
        initialValues: toPanel(fields, panelValues(kind, json)),
        readPretty: readOnly,
        effects() {
          onFieldInputValueChange('*', (field) => {
            const key = String(field.path);
            const { doc: now, dispatch: run, lang: shown } = ref.current;
            if (key === 'key') {
              const problem = keyProblem(now, id, String(field.value ?? ''));
              field.setSelfErrors(problem ? [problem.message[shown]] : []);
              if (problem) return;
            }
            const stored = fromPanel(
              fields.find((f) => f.key === key),
              field.value,
            );
            if ('error' in stored) return; // JSON being typed: applied once it parses
            run({ type: 'run', command: { type: 'updateSettings', id, values: { [key]: stored.value } } });
          });
        },
      }),
    [id, fields], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // An undo, a redo or the JSON view changed the node: show its values again, in place.
  useEffect(() => {
    const actual = toPanel(fields, panelValues(kind, json));
    for (const key of staleKeys(form.values, actual, keys)) {
      form.setValuesIn(key, actual[key]);
      // A refused key typed before is replaced by the node's own: its message goes with it.
      const field = form.query(key).take();
      if (isField(field)) field.setSelfErrors([]);
    }
  }, [json, form, keys, kind, fields]);
  const problems = issues.get(id);
  return (
    <div className="tessera-designer-settings-form" onBlur={() => dispatch({ type: 'seal' })} data-settings-for={id}>
      {problems && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={problems.map((issue) => (
            <div key={issue.pointer + issue.code}>{issue.message[lang]}</div>
          ))}
        />
      )}
      <FormProvider form={form}>
        <FormBody nodes={fields} columns={1} onWarning={() => undefined} />
      </FormProvider>
    </div>
  );
}

/**
 * The settings' tabs mount anew with each selection (keyed by it): an ink bar sliding in from the
 * left on every click says nothing, and its 0.3 s transition re-laid out the page on each frame of
 * it, ~9 ms a frame with a 300-node canvas (issue 14, profiled).
 */
const SETTINGS_TABS_MOTION = { inkBar: false, tabPane: false } as const;

/** The tabs a node gets beside its properties: what its type can do. */
function panelTabs(kind: string | undefined, type: string) {
  const widget = kind === 'field' ? getWidget(type) : undefined;
  const valued = !!widget && !widget.noValue;
  return {
    listPage: kind === 'node' && type === 'list',
    linkage: valued,
    options: valued && takesOptions(type),
    autoNumber: valued && widget.columnType === 'string' && widget.palette?.group === 'input',
  };
}

export function SettingsPanel() {
  const { state, lang, dispatch } = useDesigner();
  const selection = state.editor.selection ?? ROOT_ID;
  const json = nodeOf(state.editor.doc, selection);
  if (!json)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate(lang, 'designerUi.noSelection')} />;
  const tabs = panelTabs(kindOfNode(state.editor.doc, selection), String(json.type));
  const props = <NodeSettings key={selection} id={selection} />;
  if (tabs.listPage)
    return (
      <div onBlur={() => dispatch({ type: 'seal' })}>
        <Tabs
          key={selection}
          size="small"
          className="tessera-designer-settings-tabs"
          animated={SETTINGS_TABS_MOTION}
          items={[
            { key: 'props', label: translate(lang, 'designerPanel.props'), children: props },
            {
              key: 'listPage',
              label: translate(lang, 'designerPanel.listPage'),
              children: <ListPageEditor key={selection} id={selection} />,
            },
          ]}
        />
      </div>
    );
  if (!tabs.linkage) return props;
  const items = [
    { key: 'props', label: translate(lang, 'designerPanel.props'), children: props },
    ...(tabs.options
      ? [
          {
            key: 'options',
            label: translate(lang, 'designerPanel.options'),
            children: <OptionsEditor key={selection} id={selection} />,
          },
        ]
      : []),
    {
      key: 'linkage',
      label: translate(lang, 'designerPanel.linkage'),
      children: <LinkageEditor key={selection} id={selection} />,
    },
    ...(tabs.autoNumber
      ? [
          {
            key: 'autoNumber',
            label: translate(lang, 'designerPanel.autoNumber'),
            children: <AutoNumberEditor key={selection} id={selection} />,
          },
        ]
      : []),
  ];
  return (
    // Typing in one box of a tab coalesces into one undo step, sealed when focus leaves it.
    <div onBlur={() => dispatch({ type: 'seal' })}>
      <Tabs
        key={selection}
        size="small"
        items={items}
        className="tessera-designer-settings-tabs"
        animated={SETTINGS_TABS_MOTION}
      />
    </div>
  );
}
