/**
 * The 自动编号 tab of a text field: the parts of `auto_no_rule` (fixed text, a date in a format,
 * random digits) in order, with a sample made by the runtime's own generator as they are edited.
 */
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { translate } from '../../protocol/messages';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_RANDOM_DIGITS,
  generateAutoNo,
  parseAutoNoRule,
  type AutoNoPart,
} from '../../runtime/core/auto-number';
import { nodeOf } from '../core';
import { useDesigner } from './context';

const DATE_FORMATS = ['YYYYMMDD', 'YYYYMMDDHHmmss', 'YYMMDD', 'YYYYMM', 'YYYY'];

export function AutoNumberEditor({ id }: { id: string }) {
  const { state, dispatch, lang, readOnly } = useDesigner();
  const parts = parseAutoNoRule(nodeOf(state.editor.doc, id)?.auto_no_rule);
  // Parts as stored: without the properties a part type does not use.
  const clean = (part: AutoNoPart) =>
    Object.fromEntries(Object.entries(part).filter(([, value]) => value !== undefined)) as AutoNoPart;
  const write = (next: AutoNoPart[]) =>
    dispatch({
      type: 'run',
      command: { type: 'updateSettings', id, values: { auto_no_rule: next.length ? next.map(clean) : undefined } },
    });
  const change = (index: number, part: AutoNoPart) => write(parts.map((entry, at) => (at === index ? part : entry)));
  const sample = generateAutoNo(parts, { randomDigit: () => 7 });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8} data-autonumber-for={id}>
      <Typography.Text type="secondary">{translate(lang, 'designerPanel.autoNumberHint')}</Typography.Text>
      {parts.map((part, index) => (
        <div className="tessera-designer-condition" key={index} data-testid="auto-number-part">
          <Select
            size="small"
            style={{ width: 96 }}
            disabled={readOnly}
            value={part.type}
            onChange={(type: AutoNoPart['type']) =>
              change(
                index,
                type === 'text'
                  ? { type, value: '' }
                  : type === 'date'
                    ? { type, format: DEFAULT_DATE_FORMAT }
                    : { type, digits: DEFAULT_RANDOM_DIGITS },
              )
            }
            options={[
              { value: 'text', label: translate(lang, 'designerPanel.partText') },
              { value: 'date', label: translate(lang, 'designerPanel.partDate') },
              { value: 'random', label: translate(lang, 'designerPanel.partRandom') },
            ]}
          />
          {part.type === 'text' && (
            <Input
              size="small"
              style={{ flex: 1 }}
              disabled={readOnly}
              value={part.value ?? ''}
              onChange={(event) => change(index, { type: 'text', value: event.target.value })}
            />
          )}
          {part.type === 'date' && (
            <Select
              size="small"
              style={{ flex: 1 }}
              disabled={readOnly}
              value={part.format ?? DEFAULT_DATE_FORMAT}
              options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
              onChange={(format: string) => change(index, { type: 'date', format })}
            />
          )}
          {part.type === 'random' && (
            <InputNumber
              size="small"
              min={1}
              max={32}
              disabled={readOnly}
              suffix={translate(lang, 'designerPanel.digits')}
              value={part.digits ?? DEFAULT_RANDOM_DIGITS}
              onChange={(digits) => typeof digits === 'number' && change(index, { type: 'random', digits })}
            />
          )}
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            disabled={readOnly}
            aria-label={translate(lang, 'designerPanel.remove')}
            onClick={() => write(parts.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={readOnly}
        onClick={() => write([...parts, parts.length ? { type: 'random', digits: 4 } : { type: 'text', value: 'NO' }])}
        data-testid="add-auto-number-part"
      >
        {translate(lang, 'designerPanel.addPart')}
      </Button>
      {sample && (
        <Typography.Text data-testid="auto-number-sample">
          {translate(lang, 'designerPanel.sample', { sample })}
        </Typography.Text>
      )}
    </Space>
  );
}
