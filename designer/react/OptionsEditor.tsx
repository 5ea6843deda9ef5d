/**
 * The 选项 tab of a choice widget: fixed options typed in place (selectItems), or a dictionary of
 * the app picked by name (dictApi `dict/<code>`) with a preview of its items. A dictApi naming a
 * dictionary that no longer exists is told here and marked on the canvas (the validation bridge
 * gets the app's dictionary codes: schema.unknownDict).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Input, Segmented, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { translate } from '../../protocol/messages';
import type { DictApi, SelectItem } from '../../protocol/page-schema';
import { useRuntime } from '../../runtime/react/context';
import { nodeOf } from '../core';
import { previewDictionary, type DictItemPreview } from './api';
import { useDesigner } from './context';

const DICT_URL = /^dict\/([^/?#]+)$/;
export const dictCodeOf = (api: DictApi | undefined) => (api?.url ? DICT_URL.exec(api.url)?.[1] : undefined);

function DictPreview({ url }: { url: string }) {
  const { request } = useRuntime();
  const { lang } = useDesigner();
  const [items, setItems] = useState<DictItemPreview[]>();
  useEffect(() => {
    let live = true;
    setItems(undefined);
    previewDictionary(request, url)
      .then((found) => live && setItems(found))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [request, url]);
  if (!items) return null;
  return (
    <div className="tessera-designer-dict-preview" data-testid="dict-preview">
      <Typography.Text type="secondary">
        {translate(lang, 'designerPanel.dictPreview', { count: items.length })}
      </Typography.Text>
      <div>
        {items.length === 0 ? (
          <Typography.Text type="secondary">{translate(lang, 'designerPanel.dictEmpty')}</Typography.Text>
        ) : (
          items.slice(0, 30).map((item) => (
            <Tag key={String(item.value)} title={String(item.value)}>
              {item.label}
            </Tag>
          ))
        )}
      </div>
    </div>
  );
}

function StaticOptions({ id, items }: { id: string; items: SelectItem[] }) {
  const { dispatch, lang, readOnly } = useDesigner();
  const write = (next: SelectItem[]) =>
    dispatch({ type: 'run', command: { type: 'updateSettings', id, values: { selectItems: next } } });
  const labelOf = (item: SelectItem) =>
    typeof item.label === 'object' ? item.label.zh : (item.label ?? (typeof item.title === 'string' ? item.title : ''));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={6}>
      {items.map((item, index) => (
        <div className="tessera-designer-condition" key={index} data-testid="static-option">
          <Input
            size="small"
            disabled={readOnly}
            placeholder={translate(lang, 'designerPanel.optionLabel')}
            value={labelOf(item)}
            onChange={(event) =>
              write(
                items.map((entry, at) =>
                  at === index
                    ? {
                        ...entry,
                        label:
                          typeof entry.label === 'object'
                            ? { ...entry.label, zh: event.target.value }
                            : event.target.value,
                      }
                    : entry,
                ),
              )
            }
          />
          <Input
            size="small"
            style={{ width: 96 }}
            disabled={readOnly}
            placeholder={translate(lang, 'designerPanel.optionValue')}
            value={String(item.value)}
            onChange={(event) =>
              write(items.map((entry, at) => (at === index ? { ...entry, value: event.target.value } : entry)))
            }
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            disabled={readOnly}
            aria-label={translate(lang, 'designerPanel.remove')}
            onClick={() => write(items.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={readOnly}
        onClick={() => {
          const n = items.length + 1;
          const taken = new Set(items.map((item) => String(item.value)));
          let value = String(n);
          for (let k = n; taken.has(value); k++) value = String(k + 1);
          write([...items, { value, label: lang === 'en' ? `Option ${value}` : `选项${value}` }]);
        }}
        data-testid="add-static-option"
      >
        {translate(lang, 'designerPanel.addOption')}
      </Button>
    </Space>
  );
}

export function OptionsEditor({ id }: { id: string }) {
  const { state, dispatch, lang, readOnly, dictionaries } = useDesigner();
  const json = nodeOf(state.editor.doc, id)!;
  const dictApi = json.dictApi as DictApi | undefined;
  const items = (Array.isArray(json.selectItems) ? json.selectItems : []) as SelectItem[];
  const code = dictCodeOf(dictApi);
  const [source, setSource] = useState<'static' | 'dict'>(dictApi ? 'dict' : 'static');
  const missing = code !== undefined && dictionaries !== undefined && !dictionaries.some((dict) => dict.code === code);
  const pick = (next: string) =>
    dispatch({
      type: 'run',
      command: {
        type: 'updateSettings',
        id,
        // Keeps the params of an options link (LinkageEditor); the items of a dictionary replace fixed ones.
        values: {
          dictApi: { valueKey: 'value', labelKey: 'label', ...dictApi, url: `dict/${next}` },
          selectItems: undefined,
        },
      },
    });
  return (
    <div className="tessera-designer-options" data-options-for={id}>
      <Segmented
        block
        size="small"
        disabled={readOnly}
        value={source}
        onChange={(value) => setSource(value as 'static' | 'dict')}
        options={[
          { value: 'static', label: translate(lang, 'designerPanel.staticOptions') },
          { value: 'dict', label: translate(lang, 'designerPanel.dictOptions') },
        ]}
        style={{ marginBottom: 10 }}
      />
      {source === 'static' ? (
        <StaticOptions id={id} items={items} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          {missing && (
            <Alert
              type="error"
              showIcon
              message={translate(lang, 'designerPanel.dictMissing', { code: code! })}
              data-testid="dict-missing"
            />
          )}
          {dictApi?.url && code === undefined && (
            <Typography.Text type="secondary">
              {translate(lang, 'designerPanel.dictOther', { url: dictApi.url })}
            </Typography.Text>
          )}
          <Select
            style={{ width: '100%' }}
            showSearch
            disabled={readOnly}
            optionFilterProp="label"
            placeholder={translate(lang, 'designerPanel.pickDict')}
            value={missing ? undefined : code}
            status={missing ? 'error' : undefined}
            options={(dictionaries ?? []).map((dict) => ({ value: dict.code, label: `${dict.title} · ${dict.code}` }))}
            onChange={pick}
            data-testid="dict-picker"
          />
          {code && !missing && <DictPreview url={`dict/${code}`} />}
        </Space>
      )}
    </div>
  );
}
