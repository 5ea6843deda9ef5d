/** Read-only sub-table: column titles and option labels, no editors. */
import { Table } from 'antd';
import { readRows, type Row } from '../../core/codecs/json-rows';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { cellText, type Column } from './cell';

export function TableRead({ value, columns = [] }: { value?: unknown; columns?: Column[] }) {
  const rows = readRows(value);
  if (!rows.length) return <ReadText text="" />;
  return (
    <Table<Row>
      className="tessera-read-pretty tessera-sub-table"
      size="small"
      pagination={false}
      rowKey={(_row, index) => String(index)}
      dataSource={rows}
      columns={columns.map((column) => ({
        key: column.key,
        title: column.title,
        render: (_: unknown, row: Row) => cellText(column, row[column.key]),
      }))}
    />
  );
}
