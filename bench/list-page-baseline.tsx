/** Benchmark baseline: a plain antd Table with `virtual` over the same 10k rows, hand-written. */
import { Table } from 'antd';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import { benchRows, COLUMNS, INDUSTRIES, LEVELS, ROW_COUNT, watchFirstRow } from './list-page-fixture';

const label = (items: { value: string; label: string }[]) => (v: unknown) =>
  items.find((i) => i.value === v)?.label ?? '-';
const render: Record<string, (v: unknown) => string> = {
  level: label(LEVELS),
  industry: label(INDUSTRIES),
  signed_at: (v) => (typeof v === 'number' ? dayjs(v).format('YYYY-MM-DD') : '-'),
  active: (v) => (v ? '是' : '否'),
};

function Baseline({ rows }: { rows: Record<string, unknown>[] }) {
  const [selected, setSelected] = useState<React.Key[]>([]);
  return (
    <Table
      className="bench-baseline"
      rowKey="id"
      virtual
      scroll={{ x: COLUMNS.length * 160 + 48, y: 600 }}
      pagination={false}
      dataSource={rows}
      rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
      columns={COLUMNS.map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: c.title,
        width: 160,
        ellipsis: true,
        render: (v: unknown) => (render[c.key] ? render[c.key](v) : String(v ?? '-')),
      }))}
    />
  );
}

watchFirstRow();
createRoot(document.getElementById('root')!).render(<Baseline rows={benchRows(ROW_COUNT())} />);
