import { Button, Space, Table } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { readRows, writeRows, type Row } from '../../core/codecs/json-rows';
import { useT } from '../../react/context';
import { Cell, type Column } from './cell';
import { TableRead } from './read';

interface Props {
  value?: unknown;
  onChange?: (stored: string | null) => void;
  columns?: Column[];
  maxRows?: number;
  disabled?: boolean;
}

function TableEdit({ value, onChange, columns = [], maxRows = 500, disabled }: Props) {
  const t = useT();
  const rows = readRows(value);
  const save = (next: Row[]) => onChange?.(writeRows(next));
  const move = (from: number, to: number) => {
    const next = [...rows];
    next.splice(to, 0, ...next.splice(from, 1));
    save(next);
  };
  const actions = {
    key: '__actions',
    title: t('widgets.table.actions'),
    width: 120,
    render: (_: unknown, __: Row, index: number) => (
      <Space size={0}>
        <Button
          type="text"
          size="small"
          aria-label={t('widgets.table.up')}
          icon={<ArrowUpOutlined />}
          disabled={disabled || index === 0}
          onClick={() => move(index, index - 1)}
        />
        <Button
          type="text"
          size="small"
          aria-label={t('widgets.table.down')}
          icon={<ArrowDownOutlined />}
          disabled={disabled || index === rows.length - 1}
          onClick={() => move(index, index + 1)}
        />
        <Button
          type="text"
          size="small"
          danger
          aria-label={t('widgets.table.remove')}
          icon={<DeleteOutlined />}
          disabled={disabled}
          onClick={() => save(rows.filter((_r, i) => i !== index))}
        />
      </Space>
    ),
  };
  return (
    <div className="tessera-sub-table">
      <Table<Row>
        size="small"
        pagination={false}
        rowKey={(_row, index) => String(index)}
        dataSource={rows}
        columns={[
          ...columns.map((column) => ({
            key: column.key,
            title: column.title,
            width: column.width,
            render: (_: unknown, row: Row, index: number) => (
              <Cell
                column={column}
                value={row[column.key]}
                disabled={disabled}
                onChange={(v) => save(rows.map((r, i) => (i === index ? { ...r, [column.key]: v } : r)))}
              />
            ),
          })),
          actions,
        ]}
      />
      {!disabled && rows.length < maxRows && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => save([...rows, {}])}
        >
          {t('widgets.table.add')}
        </Button>
      )}
    </div>
  );
}

export const TableWidget = connect(TableEdit, mapReadPretty(TableRead));
