/**
 * One column's display format in the 列表页 tab (docs/designer.md "List page"): a 格式 button per
 * column opening the controls that fit the field's widget (`columnFormatKind`, runtime/core/format):
 * decimals, thousands separator, percent and currency for a number; a date pattern for a date; an
 * ellipsis length for the rest. A sample shows the result through the runtime's own `columnDisplay`
 * — the function the list cells and the export use — so what the admin sees is what operators get.
 * Every change is one `column.format` value handed to the caller (an updateSettings command).
 */
import { useState } from 'react';
import { AutoComplete, Button, InputNumber, Popover, Select, Space, Switch, Typography } from 'antd';
import { translate } from '../../protocol/messages';
import type { ColumnFormat, FieldDefinition } from '../../protocol/page-schema';
import { columnDisplay, columnFormatKind } from '../../runtime/core/format/column-format';

type Lang = 'zh' | 'en';

const t = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  translate(lang, `designerList.${key}`, params);

const CURRENCIES = ['¥', '$', '€', '£', 'HK$'];
const PATTERNS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYY年MM月DD日', 'YYYY-MM-DD HH:mm', 'YYYY-MM', 'MM-DD', 'HH:mm'];
/** Sample values the preview formats: a number with decimals, a fixed instant, a long text. */
const SAMPLE_NUMBER = 1234567.891;
const SAMPLE_PERCENT = 0.1234;
const SAMPLE_DATE = Date.UTC(2026, 4, 31, 8, 30);
const SAMPLE_TEXT = {
  zh: '这是一段较长的示例文字，用来查看截断的效果',
  en: 'A rather long sample text to show how it is cut',
};

/** A format with its empty parts dropped; undefined when nothing is left. */
export function cleanFormat(format: ColumnFormat): ColumnFormat | undefined {
  const kept = Object.entries(format).filter(([, value]) => value !== undefined && value !== false && value !== '');
  return kept.length ? (Object.fromEntries(kept) as ColumnFormat) : undefined;
}

/** The preview's text for a field under a format. */
export function formatSample(field: FieldDefinition, format: ColumnFormat | undefined, lang: Lang): string {
  const kind = columnFormatKind(field);
  const stored =
    kind === 'number'
      ? format?.percent
        ? SAMPLE_PERCENT
        : SAMPLE_NUMBER
      : kind === 'date'
        ? SAMPLE_DATE
        : SAMPLE_TEXT[lang];
  return columnDisplay({ ...field, column: { ...field.column, format } }, stored, { lang });
}

interface Props {
  field: FieldDefinition;
  title: string;
  lang: Lang;
  readOnly: boolean;
  onChange: (format: ColumnFormat | undefined) => void;
}

function Controls({ field, lang, readOnly, onChange }: Omit<Props, 'title'>) {
  const format = field.column?.format ?? {};
  const set = (patch: Partial<ColumnFormat>) => onChange(cleanFormat({ ...format, ...patch }));
  const kind = columnFormatKind(field);
  const row = (label: string, control: React.ReactNode, testId: string) => (
    <div className="tessera-designer-format-row" data-testid={testId}>
      <Typography.Text>{label}</Typography.Text>
      {control}
    </div>
  );
  return (
    <Space direction="vertical" size={6} className="tessera-designer-format" data-testid="column-format">
      {kind === 'number' && (
        <>
          {row(
            t(lang, 'precision'),
            <InputNumber
              size="small"
              min={0}
              max={10}
              precision={0}
              disabled={readOnly}
              value={format.precision}
              placeholder={t(lang, 'auto')}
              onChange={(value) => set({ precision: typeof value === 'number' ? value : undefined })}
            />,
            'format-precision',
          )}
          {row(
            t(lang, 'thousands'),
            <Switch
              size="small"
              disabled={readOnly}
              checked={!!format.thousands}
              onChange={(thousands) => set({ thousands })}
            />,
            'format-thousands',
          )}
          {row(
            t(lang, 'percent'),
            <Switch
              size="small"
              disabled={readOnly}
              checked={!!format.percent}
              onChange={(percent) => set({ percent })}
            />,
            'format-percent',
          )}
          {row(
            t(lang, 'currency'),
            <Select
              size="small"
              disabled={readOnly}
              value={format.currency ?? ''}
              onChange={(currency: string) => set({ currency: currency || undefined })}
              options={[
                { value: '', label: t(lang, 'noCurrency') },
                ...CURRENCIES.map((c) => ({ value: c, label: c })),
              ]}
            />,
            'format-currency',
          )}
        </>
      )}
      {kind === 'date' &&
        row(
          t(lang, 'pattern'),
          <AutoComplete
            size="small"
            disabled={readOnly}
            value={format.pattern ?? ''}
            placeholder="YYYY-MM-DD"
            options={PATTERNS.map((value) => ({ value }))}
            onChange={(pattern: string) => set({ pattern: pattern.trim().slice(0, 40) || undefined })}
          />,
          'format-pattern',
        )}
      {kind === 'text' &&
        row(
          t(lang, 'ellipsis'),
          <InputNumber
            size="small"
            min={1}
            max={500}
            precision={0}
            disabled={readOnly}
            value={format.ellipsis}
            placeholder={t(lang, 'auto')}
            onChange={(value) => set({ ellipsis: typeof value === 'number' ? value : undefined })}
          />,
          'format-ellipsis',
        )}
      <Typography.Text type="secondary" data-testid="format-sample">
        {t(lang, 'formatSample', { sample: formatSample(field, cleanFormat(format), lang) })}
      </Typography.Text>
      <Typography.Text type="secondary">{t(lang, 'formatExport')}</Typography.Text>
      <Button size="small" disabled={readOnly || !field.column?.format} onClick={() => onChange(undefined)}>
        {t(lang, 'formatClear')}
      </Button>
    </Space>
  );
}

/** The 格式 button of one column and its popover. */
export function ColumnFormatButton(props: Props) {
  const [open, setOpen] = useState(false);
  const set = !!props.field.column?.format;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t(props.lang, 'formatOf', { title: props.title })}
      content={<Controls field={props.field} lang={props.lang} readOnly={props.readOnly} onChange={props.onChange} />}
    >
      <Button size="small" type={set ? 'primary' : 'default'} ghost={set} data-testid="column-format-button">
        {t(props.lang, set ? 'formatSet' : 'format')}
      </Button>
    </Popover>
  );
}
