/**
 * The table (building-blocks §2): columns from the fields that are not tableHidden, cells in read
 * form, selection by key, paging, and the row actions 编辑 / 拷贝 / 详情 / 删除 as declared.
 */
import { Button, Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import type { DictOption, Row } from '../../core/data/provider';
import type { ListState } from '../../core/list/controller';
import type { SortSpec } from '../../../protocol/list-query';
import { formatCell } from '../../core/list/format';
import { useRuntime, useT } from '../../react/context';
import { getAction } from '../../core/registry';
import { evaluate } from '../../core/expression';
import type { ListAction, ListButton } from './definition';

/** Above this many rows on one page the table renders only the rows in view (antd `virtual`). */
export const VIRTUAL_ROWS = 100;
const VIRTUAL_HEIGHT = 600;
const COLUMN_WIDTH = 160;
const ACTIONS_WIDTH = 220;

const NO_BUTTONS: ListButton[] = [];

/** A schema button's label: its title, else the action's registered title. */
export const buttonTitle = (button: ListButton, lang: string) =>
  button.title !== undefined
    ? textOf(button.title, lang)
    : (getAction(button.action)?.title?.[lang === 'en' ? 'en' : 'zh'] ?? button.action);

/** antd preset names and #rgb / #rrggbb: anything else in a stored tag is ignored, never styled. */
const TAG_COLOUR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-z]{3,16})$/;

/**
 * The tag colour of the dictionary item a single stored value names (items carry `tag`, docs/dict.md),
 * searched through tree dictionaries. Multi-valued cells stay text.
 */
export function tagColourOf(options: readonly DictOption[] | undefined, value: unknown): string | undefined {
  if (!options || value === null || value === undefined || value === '' || Array.isArray(value)) return undefined;
  for (const option of options) {
    if (String(option.value) === String(value)) {
      const tag = (option as { tag?: unknown }).tag;
      return typeof tag === 'string' && TAG_COLOUR.test(tag) ? tag : undefined;
    }
    const inner = tagColourOf(option.children, value);
    if (inner) return inner;
  }
  return undefined;
}

export type RowAction = Extract<ListAction, 'edit' | 'copy' | 'detail' | 'delete'>;
export const ROW_ACTIONS: readonly RowAction[] = ['edit', 'copy', 'detail', 'delete'];

export interface ListTableProps {
  fields: FieldDefinition[];
  state: ListState;
  rowKey: (row: Row) => string;
  dictOptions: Record<string, DictOption[]>;
  rowActions: RowAction[];
  /** The schema's `buttons` with row: true, each running its action on the row. */
  rowButtons?: ListButton[];
  selectable: boolean;
  keepSelection: boolean;
  paginate: boolean;
  onRowAction(action: string, row: Row, params?: Record<string, unknown>): void;
  onSelect(keys: string[], rows: Row[]): void;
  onPage(current: number, pageSize: number): void;
  /** A sortable column's header clicked: the column and order, or undefined to clear. */
  onSort?(spec: SortSpec | undefined): void;
}

/** A row button's hiddenFn over the row's values; one that cannot evaluate leaves the button shown. */
export function hiddenOnRow(button: ListButton, row: Row): boolean {
  if (!button.hiddenFn) return false;
  try {
    return !!evaluate(button.hiddenFn, row);
  } catch {
    return false;
  }
}

export function ListTable(props: ListTableProps) {
  const { fields, state, dictOptions, rowActions, onRowAction } = props;
  const rowButtons = props.rowButtons ?? NO_BUTTONS;
  const { lang } = useRuntime();
  const t = useT();

  // Virtual rendering needs fixed widths and a numeric scroll area; small pages keep natural widths.
  // Decided from the page size, not the rows: switching when rows arrive would mount the table twice.
  const virtual = props.paginate ? state.pageSize > VIRTUAL_ROWS : true;
  const columns = useMemo<ColumnsType<Row>>(() => {
    const out: ColumnsType<Row> = fields.map((field) => ({
      ...(virtual ? { width: COLUMN_WIDTH } : {}),
      // The list page config (field.column): a width of its own, a fixed side, a sorter.
      ...(field.column?.width ? { width: field.column.width } : {}),
      ...(field.column?.fixed ? { fixed: field.column.fixed } : {}),
      ...(field.column?.sortable ? { sorter: true } : {}),
      key: field.key,
      dataIndex: field.key,
      title: textOf(field.title, lang),
      ellipsis: true,
      render: (value: unknown) => {
        const text = formatCell(field, value, { lang, options: dictOptions[field.key] }) || '-';
        const colour = text === '-' ? undefined : tagColourOf(dictOptions[field.key], value);
        return colour ? <Tag color={colour}>{text}</Tag> : text;
      },
    }));
    if (rowActions.length || rowButtons.length) {
      out.push({
        key: '__actions',
        title: t('runtime.list.operation'),
        fixed: 'right',
        ...(virtual ? { width: ACTIONS_WIDTH } : {}),
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
            {rowButtons.map((button, i) =>
              hiddenOnRow(button, row) ? null : (
                <Button
                  key={`button-${i}`}
                  type="link"
                  size="small"
                  danger={button.danger}
                  onClick={() => onRowAction(button.action, row, button.params)}
                >
                  {buttonTitle(button, lang)}
                </Button>
              ),
            )}
          </Space>
        ),
      });
    }
    return out;
  }, [fields, lang, dictOptions, rowActions, rowButtons, onRowAction, t, virtual]);
  const scrollX =
    fields.length * COLUMN_WIDTH +
    (rowActions.length || rowButtons.length ? ACTIONS_WIDTH : 0) +
    (props.selectable ? 48 : 0);

  return (
    <Table<Row>
      className="tessera-list-table"
      rowKey={props.rowKey}
      columns={columns}
      dataSource={state.rows}
      loading={state.loading}
      virtual={virtual}
      scroll={virtual ? { x: scrollX, y: VIRTUAL_HEIGHT } : { x: 'max-content' }}
      // While the first load runs the spinner says it all: no 暂无数据 (and no Empty styles) before the rows.
      locale={{
        emptyText: state.loading ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.list.empty')} />
        ),
      }}
      rowSelection={
        props.selectable
          ? {
              selectedRowKeys: state.selectedKeys,
              preserveSelectedRowKeys: props.keepSelection,
              onChange: (keys, rows) => props.onSelect(keys.map(String), rows),
            }
          : undefined
      }
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || !props.onSort) return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        props.onSort(
          one?.order ? { key: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined,
        );
      }}
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
