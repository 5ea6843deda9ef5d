/**
 * The table (building-blocks §2): columns from the fields that are not tableHidden, cells in read
 * form, selection by key, paging, and the row actions 编辑 / 拷贝 / 详情 / 删除 as declared.
 */
import { Button, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import type { DictOption, Row } from '../../core/data/provider';
import type { ListState } from '../../core/list/controller';
import { formatCell } from '../../core/list/format';
import { useRuntime, useT } from '../../react/context';
import type { ListAction } from './definition';

export type RowAction = Extract<ListAction, 'edit' | 'copy' | 'detail' | 'delete'>;
export const ROW_ACTIONS: readonly RowAction[] = ['edit', 'copy', 'detail', 'delete'];

export interface ListTableProps {
  fields: FieldDefinition[];
  state: ListState;
  rowKey: (row: Row) => string;
  dictOptions: Record<string, DictOption[]>;
  rowActions: RowAction[];
  selectable: boolean;
  keepSelection: boolean;
  paginate: boolean;
  onRowAction(action: RowAction, row: Row): void;
  onSelect(keys: string[], rows: Row[]): void;
  onPage(current: number, pageSize: number): void;
}

export function ListTable(props: ListTableProps) {
  const { fields, state, dictOptions, rowActions, onRowAction } = props;
  const { lang } = useRuntime();
  const t = useT();

  const columns = useMemo<ColumnsType<Row>>(() => {
    const out: ColumnsType<Row> = fields.map((field) => ({
      key: field.key,
      dataIndex: field.key,
      title: textOf(field.title, lang),
      ellipsis: true,
      render: (value: unknown) => formatCell(field, value, { lang, options: dictOptions[field.key] }) || '-',
    }));
    if (rowActions.length) {
      out.push({
        key: '__actions',
        title: t('runtime.list.operation'),
        fixed: 'right',
        render: (_: unknown, row: Row) => (
          <Space size={0}>
            {rowActions.map((action) => (
              <Button
                key={action}
                type="link"
                size="small"
                danger={action === 'delete'}
                onClick={() => onRowAction(action, row)}
              >
                {t(`runtime.list.${action}`)}
              </Button>
            ))}
          </Space>
        ),
      });
    }
    return out;
  }, [fields, lang, dictOptions, rowActions, onRowAction, t]);

  return (
    <Table<Row>
      className="tessera-list-table"
      rowKey={props.rowKey}
      columns={columns}
      dataSource={state.rows}
      loading={state.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.list.empty')} /> }}
      rowSelection={
        props.selectable
          ? {
              selectedRowKeys: state.selectedKeys,
              preserveSelectedRowKeys: props.keepSelection,
              onChange: (keys, rows) => props.onSelect(keys.map(String), rows),
            }
          : undefined
      }
      pagination={
        props.paginate && {
          current: state.current,
          pageSize: state.pageSize,
          total: state.total,
          showSizeChanger: true,
          showTotal: (total) => t('runtime.list.total', { total }),
          onChange: props.onPage,
        }
      }
    />
  );
}
