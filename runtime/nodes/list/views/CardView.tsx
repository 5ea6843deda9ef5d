/**
 * The card-list view (building-blocks §2): the same rows and paging as the table, as an antd List
 * grid of Cards (gutter 16), each showing the visible columns as label / value, with the row
 * actions in the card's footer and a checkbox when rows can be selected.
 */
import { Button, Card, Checkbox, Empty, List } from 'antd';
import { textOf } from '../../../../protocol/page-schema';
import { CARD_GUTTER } from '../../../../protocol/constants';
import type { Row } from '../../../core/data/provider';
import { formatCell } from '../../../core/list/format';
import { useRuntime, useT } from '../../../react/context';
import { buttonTitle, hiddenOnRow, type ListTableProps } from '../ListTable';

export function CardView(props: ListTableProps) {
  const { fields, state, dictOptions, rowActions, onRowAction } = props;
  const { lang } = useRuntime();
  const t = useT();
  const [head, ...rest] = fields;
  const selected = new Set(state.selectedKeys);
  const toggle = (row: Row, on: boolean) => {
    const key = props.rowKey(row);
    const keys = on ? [...state.selectedKeys, key] : state.selectedKeys.filter((k) => k !== key);
    props.onSelect(keys, on ? [row] : []);
  };
  const cell = (key: string, row: Row) => {
    const field = fields.find((f) => f.key === key)!;
    return formatCell(field, row[key], { lang, options: dictOptions[key] }) || '-';
  };
  return (
    <List<Row>
      className="tessera-list-cards"
      grid={{ gutter: CARD_GUTTER, xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 4 }}
      loading={state.loading}
      dataSource={state.rows}
      rowKey={props.rowKey}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runtime.list.empty')} /> }}
      pagination={
        props.paginate && {
          current: state.current,
          pageSize: state.pageSize,
          total: state.total,
          showSizeChanger: true,
          showTotal: (total) => t('runtime.list.total', { total }),
          onChange: props.onPage,
          align: 'end',
        }
      }
      renderItem={(row) => (
        <List.Item>
          <Card
            size="small"
            className="tessera-list-card"
            title={head ? cell(head.key, row) : props.rowKey(row)}
            extra={
              props.selectable && (
                <Checkbox
                  aria-label={head ? String(cell(head.key, row)) : props.rowKey(row)}
                  checked={selected.has(props.rowKey(row))}
                  onChange={(e) => toggle(row, e.target.checked)}
                />
              )
            }
            actions={rowActions
              .map((action) => (
                <Button
                  key={action}
                  type="link"
                  size="small"
                  danger={action === 'delete'}
                  onClick={() => onRowAction(action, row)}
                >
                  {t(`runtime.list.${action}`)}
                </Button>
              ))
              .concat(
                (props.rowButtons ?? [])
                  .filter((button) => !hiddenOnRow(button, row))
                  .map((button, i) => (
                    <Button
                      key={`button-${i}`}
                      type="link"
                      size="small"
                      danger={button.danger}
                      onClick={() => onRowAction(button.action, row, button.params)}
                    >
                      {buttonTitle(button, lang)}
                    </Button>
                  )),
              )}
          >
            <dl className="tessera-card-fields" style={{ margin: 0 }}>
              {rest.map((field) => (
                <div key={field.key} style={{ display: 'flex', gap: 8, lineHeight: '24px' }}>
                  <dt style={{ color: 'rgba(0,0,0,0.45)', flex: '0 0 auto' }}>{textOf(field.title, lang)}</dt>
                  <dd style={{ margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {cell(field.key, row)}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        </List.Item>
      )}
    />
  );
}
