/**
 * A widget's own settings, rendered from its type's settings schema (runtime/core/palette.ts
 * settingsFields: the common title settings, then what the definition lists) — no list of widget
 * types here: a widget that registers settings gets them. The key is left out (the designer names
 * widgets; a layout item refers to it). Each change is one `widget` command; typing in one field
 * coalesces into one undo step, sealed on blur.
 */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import { applySettings, settingsFields, settingsValues } from '../../../runtime/core/palette';
import type { DashboardWidget } from '../../../runtime/core/dashboard/types';
import { useRuntime } from '../../../runtime/react/context';

interface Props {
  widget: DashboardWidget;
  onChange: (widget: DashboardWidget, field: string) => void;
  onBlur: () => void;
  /** Settings another control edits (the chart type has its own switch). */
  skip?: readonly string[];
}

function Control({
  field,
  value,
  onChange,
  onBlur,
}: {
  field: FieldDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}) {
  const { lang } = useRuntime();
  const props = (field.props ?? {}) as { min?: number; max?: number };
  switch (field.type) {
    case 'switch':
      return <Switch size="small" checked={value === true} onChange={(checked) => onChange(checked || undefined)} />;
    case 'number':
      return (
        <InputNumber
          size="small"
          style={{ width: '100%' }}
          min={props.min}
          max={props.max}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(next ?? undefined)}
          onBlur={onBlur}
        />
      );
    case 'select': {
      const items = (field as { selectItems?: { value: string; label: unknown }[] }).selectItems ?? [];
      return (
        <Select
          size="small"
          allowClear
          value={value as string | undefined}
          onChange={(next) => onChange(next)}
          options={items.map((item) => ({
            value: item.value,
            label: typeof item.label === 'string' ? item.label : textOf(item.label as never, lang),
          }))}
        />
      );
    }
    case 'textarea':
      return (
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 12 }}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
    default:
      return (
        <Input
          size="small"
          value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
  }
}

export function SchemaSettings({ widget, onChange, onBlur, skip = [] }: Props) {
  const { lang } = useRuntime();
  const fields = settingsFields('node', widget.type).filter(
    (field) => field.key !== 'key' && !skip.includes(field.key),
  );
  const values = settingsValues('node', widget as unknown as Record<string, unknown>);
  return (
    <Form layout="vertical" size="small" component={false}>
      {fields.map((field) => (
        <Form.Item key={field.key} label={textOf(field.title, lang)} style={{ marginBottom: 10 }}>
          <Control
            field={field}
            value={values[field.key]}
            onBlur={onBlur}
            onChange={(value) =>
              onChange(
                applySettings(widget as unknown as Record<string, unknown>, {
                  [field.key]: value,
                }) as unknown as DashboardWidget,
                field.key,
              )
            }
          />
        </Form.Item>
      ))}
    </Form>
  );
}
