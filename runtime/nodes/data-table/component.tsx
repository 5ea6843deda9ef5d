/**
 * The table widget: the runtime's own list node (read-only, paged) over its table, with the
 * dashboard's filters as the list's fixed conditions. Its page lives in the widget, not in the
 * address (several tables on one dashboard would fight over ?current=).
 */
import { useMemo } from 'react';
import type { TableWidget } from '../../core/dashboard/types';
import { NodeRenderer } from '../../react/PageRenderer';
import { PageQueryProvider } from '../../react/page-query';
import { useDashboard } from '../dashboard/context';
import { useWidgetConditions } from '../dashboard/widget-query';
import { WidgetFrame } from '../dashboard/widget-frame';

export function DataTableNode({ node }: { node: TableWidget }) {
  const { tick } = useDashboard();
  const conditions = useWidgetConditions(node.key, node.table, node.filterFields);
  const signature = JSON.stringify(conditions);
  const list = useMemo(
    () => ({
      type: 'list',
      key: node.key,
      table: node.table,
      dataSource: { kind: 'COMMON', api: `common/${node.table}` },
      idKey: 'id',
      actions: [],
      fields: node.fields,
      pagination: { pageSize: node.props?.pageSize ?? 5 },
      ...(node.props?.sorts ? { sorts: node.props.sorts } : {}),
      query: { querys: JSON.parse(signature) },
    }),
    [node, signature],
  );
  return (
    <WidgetFrame widgetKey={node.key} type="dataTable" title={node.title} status="ready">
      <div style={{ height: '100%', overflow: 'auto' }} className="tessera-dashboard-table">
        <PageQueryProvider value={null}>
          <NodeRenderer key={tick} node={list as never} />
        </PageQueryProvider>
      </div>
    </WidgetFrame>
  );
}
