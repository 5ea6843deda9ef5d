/** Cells of the editable sub-table: one editor per column type, and the read-only text. */
import { Input, InputNumber, Select } from 'antd';

export interface Column {
  key: string;
  title: string;
  type?: 'input' | 'number' | 'select';
  width?: number;
  options?: { value: string | number; label?: string }[];
}

export const cellText = (column: Column, value: unknown) =>
  value === null || value === undefined
    ? ''
    : (column.options?.find((o) => String(o.value) === String(value))?.label ?? String(value));

export function Cell({
  column,
  value,
  onChange,
  disabled,
}: {
  column: Column;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
}) {
  if (column.type === 'number')
    return (
      <InputNumber
        value={typeof value === 'number' ? value : null}
        disabled={disabled}
        onChange={(v) => onChange(v ?? null)}
        style={{ width: '100%' }}
      />
    );
  if (column.type === 'select')
    return (
      <Select
        value={value ?? undefined}
        disabled={disabled}
        allowClear
        style={{ width: '100%' }}
        options={(column.options ?? []).map((o) => ({ value: o.value, label: o.label ?? String(o.value) }))}
        onChange={(v) => onChange(v ?? null)}
      />
    );
  return (
    <Input
      value={value === null || value === undefined ? '' : String(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
