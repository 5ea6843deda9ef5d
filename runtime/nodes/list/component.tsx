/**
 * The list page (building-blocks §2): title bar and header buttons (新增, 批量删除), search form,
 * selected-count bar, table with paging and row actions, delete confirm and the detail modal.
 * State and rules live in the headless controller (runtime/core/list), data behind the provider,
 * and each action in runtime/actions; this file only wires them to antd.
 */
import { Alert, Button, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { textOf } from '../../../protocol/page-schema';
import { deleteSelected } from '../../actions/batch-delete';
import { deleteRecord } from '../../actions/delete';
import { loadFailureMessage } from '../../actions/result-message';
import type { RecordMode } from '../../actions/types';
import type { Row } from '../../core/data/provider';
import { searchFields, tableFields, valueFields } from '../../core/list/fields';
import { useRuntime, useT } from '../../react/context';
import { useActionUi } from '../form/action-ui';
import { LIST_ACTIONS, type ListNodeSchema } from './definition';
import { ListTable, ROW_ACTIONS, type RowAction } from './ListTable';
import { RecordModal } from './RecordModal';
import { SearchBar } from './SearchBar';
import { useDictOptions, useListController } from './use-list';

export function ListNode({ node }: { node: ListNodeSchema }) {
  const runtime = useRuntime();
  const t = useT();
  const [ui, holder] = useActionUi();
  const roleIds = runtime.user?.roleIds;
  const idKey = node.idKey ?? node.dataSource.idKey ?? 'id';
  const sourceKey = JSON.stringify(node.dataSource);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- sourceKey stands for node.dataSource
  const provider = useMemo(() => runtime.providerFor(node.dataSource), [runtime, sourceKey]);
  const fields = useMemo(() => valueFields(node.fields), [node.fields]);
  const columns = useMemo(() => tableFields(fields, roleIds), [fields, roleIds]);
  const searchable = useMemo(
    () => (node.search === false ? [] : searchFields(fields, roleIds)),
    [node.search, fields, roleIds],
  );
  const actions = new Set(node.actions ?? LIST_ACTIONS);
  const rowActions = useMemo(
    () => ROW_ACTIONS.filter((a) => (node.actions ?? LIST_ACTIONS).includes(a)),
    [node.actions],
  );
  const paging = node.pagination === false ? undefined : (node.pagination ?? {});
  const dictOptions = useDictOptions(columns);

  const [controller, state] = useListController(
    {
      provider,
      fields,
      idKey,
      paginate: !!paging,
      pageSize: paging?.pageSize,
      keepSelectionOnPageChange: paging?.keepSelection,
      sorts: node.sorts,
      onError: (error) => ui.warning(loadFailureMessage(error, ui.lang)),
    },
    [provider, fields, idKey, !!paging, paging?.pageSize, paging?.keepSelection, JSON.stringify(node.sorts)],
  );
  const [modal, setModal] = useState<{ mode: RecordMode; id?: string }>();
  const after = useCallback((ids: string[]) => controller.afterRemove(ids), [controller]);

  const onRowAction = useCallback(
    (action: RowAction, row: Row) => {
      const id = controller.keyOf(row);
      if (action === 'delete') void deleteRecord({ provider, id, ui, after });
      else setModal({ mode: action, id });
    },
    [controller, provider, ui, after],
  );

  const title = textOf(node.title, runtime.lang);
  const selectable = actions.has('batchDelete');
  const count = state.selectedKeys.length;
  return (
    <div className="tessera-list" data-node-key={node.key}>
      {holder}
      <div className="tessera-list-header" style={{ display: 'flex', alignItems: 'center', marginBottom: 16 }}>
        {(node.showTitle ?? !!title) && (
          <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
            {title}
          </Typography.Title>
        )}
        <Space style={{ marginLeft: 'auto' }}>
          {actions.has('add') && (
            <Button type="primary" onClick={() => setModal({ mode: 'add' })}>
              {t('runtime.list.add')}
            </Button>
          )}
          {selectable && (
            <Button danger onClick={() => void deleteSelected({ provider, ids: state.selectedKeys, ui, after })}>
              {t('runtime.list.batchDelete')}
            </Button>
          )}
        </Space>
      </div>
      {searchable.length > 0 && node.search !== false && (
        <SearchBar
          fields={searchable}
          columns={node.search?.columns}
          fold={node.search?.fold ?? true}
          onSearch={(values) => void controller.search(values)}
          onReset={() => void controller.reset()}
        />
      )}
      {selectable && count > 0 && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          message={t('runtime.list.selected', { count })}
          action={
            <Button type="link" size="small" onClick={() => controller.clearSelection()}>
              {t('runtime.list.clearSelection')}
            </Button>
          }
        />
      )}
      <ListTable
        fields={columns}
        state={state}
        rowKey={controller.keyOf}
        dictOptions={dictOptions}
        rowActions={rowActions}
        selectable={selectable}
        keepSelection={!!paging?.keepSelection}
        paginate={!!paging}
        onRowAction={onRowAction}
        onSelect={(keys, rows) => controller.setSelection(keys, rows)}
        onPage={(current, pageSize) => void controller.setPage(current, pageSize)}
      />
      {modal && (
        <RecordModal
          key={`${modal.mode}:${modal.id ?? ''}`}
          mode={modal.mode}
          id={modal.id}
          idKey={idKey}
          provider={provider}
          nodes={node.fields}
          fields={fields}
          ui={ui}
          width={node.modal?.width}
          columns={node.modal?.columns}
          onClose={() => setModal(undefined)}
          onSaved={() => {
            setModal(undefined);
            void controller.load();
          }}
        />
      )}
    </div>
  );
}
