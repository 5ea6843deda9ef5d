/**
 * The list page (building-blocks §2): title bar and header buttons, search form, selected-count
 * bar, the table / card / gantt views of one query, row actions, the detail modal, and the
 * column, export and import dialogs. State and rules live in the headless controller
 * (runtime/core/list), data behind the provider, each action in runtime/actions; this file wires.
 */
import { Button } from 'antd';
import { LazyAlert as Alert } from '../../react/LazyAlert';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../protocol/constants';
import type { SortSpec } from '../../../protocol/list-query';
import { textOf } from '../../../protocol/page-schema';
// Every action registers itself here; the list runs them by name (runAction), never by a switch.
import '../../actions';
import { runAction } from '../../actions/define';
import { saveBlob } from '../../actions/download';
import { exportRecords } from '../../actions/export';
import { downloadTemplate, importWorkbook } from '../../actions/import';
import { loadFailureMessage } from '../../actions/result-message';
import type { ActionHost, RecordMode } from '../../actions/types';
import { forgetDictionaries } from '../../core/data/dict';
import type { ExportField, Row, TransferOptions } from '../../core/data/provider';
import { loadAllRows } from '../../core/list/all-rows';
import { columnPrefKey } from '../../core/list/column-prefs';
import { searchFields, tableFields, valueFields } from '../../core/list/fields';
import { buildExportArgs, exportableFields, importFields } from '../../core/list/transfer';
import { useRuntime, useT } from '../../react/context';
import { usePageQuery } from '../../react/page-query';
import { addressOf, placeOf, type AddressDefaults } from './address';
import { Heading } from '../../react/Heading';
import { useActionUi } from '../form/action-ui';
import { useHiddenColumns } from './use-hidden-columns';
import { useImportTemplates } from './use-import-templates';
import { DEFAULT_ACTIONS, type ListNodeSchema, type ListView } from './definition';
import { ListTable, ROW_ACTIONS, VIRTUAL_ROWS } from './ListTable';
import { ListToolbar } from './ListToolbar';
// Fetched on first use (Formily, the widgets, the dialogs, other views): not needed for the table's first paint.
import { CardView, ColumnSettings, ExportDialog, GanttView, ImportDialog, RecordModal, SearchBar } from './lazy-parts';
import { useDictOptions, useListController } from './use-list';

type Dialog = 'columns' | 'export' | 'import' | undefined;

export function ListNode({ node }: { node: ListNodeSchema }) {
  const runtime = useRuntime();
  const t = useT();
  // One lazily mounted holder for the confirm dialog and every notice, the export progress too.
  const [ui, holder, notices] = useActionUi();
  const roleIds = runtime.user?.roleIds;
  const idKey = node.idKey ?? node.dataSource.idKey ?? 'id';
  // STATIC rows are compared by reference: serialising 10k rows on every render costs frames.
  const { data: staticRows, ...sourceRest } = node.dataSource;
  const sourceKey = JSON.stringify(sourceRest);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- sourceKey and staticRows stand for node.dataSource
  const provider = useMemo(() => runtime.providerFor(node.dataSource), [runtime, sourceKey, staticRows]);
  const fields = useMemo(() => valueFields(node.fields), [node.fields]);
  const columns = useMemo(() => tableFields(fields, roleIds), [fields, roleIds]);
  const searchable = useMemo(
    () => (node.search === false ? [] : searchFields(fields, roleIds)),
    [node.search, fields, roleIds],
  );
  const declared = node.actions ?? DEFAULT_ACTIONS;
  const actions = useMemo(() => new Set(declared), [declared]);
  const rowActions = useMemo(() => ROW_ACTIONS.filter((a) => declared.includes(a)), [declared]);
  const headerButtons = useMemo(() => node.buttons?.filter((b) => !b.row), [node.buttons]);
  const rowButtons = useMemo(() => node.buttons?.filter((b) => b.row), [node.buttons]);
  const views: ListView[] = node.views?.length ? node.views : ['table'];
  const paging = node.pagination === false ? undefined : (node.pagination ?? {});
  // The place (page, size, search, view) lives in the page address when the host gives one.
  const address = usePageQuery();
  const defaults: AddressDefaults = { pageSize: paging?.pageSize ?? DEFAULT_PAGE_SIZE, views };
  const [opened] = useState(() => (address ? placeOf((name) => address.get(name), defaults) : undefined));
  const [view, setView] = useState<ListView>((opened?.view as ListView | undefined) ?? views[0]);
  // Bumped when Back / Forward brings another search: the search form starts again from it.
  const [searchEpoch, setSearchEpoch] = useState(0);
  // Bumped after every save / delete / import: the dictionaries are forgotten and asked again, so
  // a new department shows in the parent tree-select and in the table's labels without a reload.
  const [dictVersion, setDictVersion] = useState(0);
  const dictOptions = useDictOptions(columns, dictVersion);
  const { loadDict } = runtime;
  const dataChanged = useCallback(() => {
    forgetDictionaries(loadDict);
    setDictVersion((v) => v + 1);
  }, [loadDict]);
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);

  // The gantt reads its task keys from the rows: ask for those the schema names in `gantt`, and
  // for the default names (text, start_date, duration, parent) only where they are fields.
  const fieldKeys = new Set(fields.map((f) => f.key));
  const ganttDefaults = { text: 'text', start: 'start_date', duration: 'duration', parent: 'parent' } as const;
  const ganttKeys = views.includes('gantt')
    ? (Object.keys(ganttDefaults) as (keyof typeof ganttDefaults)[])
        .map((k) => node.gantt?.[k] ?? (fieldKeys.has(ganttDefaults[k]) ? ganttDefaults[k] : undefined))
        .filter((k): k is string => !!k)
    : [];
  const alsoShow = ganttKeys.join(',');
  const [controller, state] = useListController(
    {
      provider,
      fields,
      idKey,
      paginate: !!paging,
      pageSize: opened?.pageSize ?? paging?.pageSize,
      initialPage: opened?.current,
      initialSearch: opened?.searchValues,
      keepSelectionOnPageChange: paging?.keepSelection,
      sorts: node.sorts,
      alsoShow: alsoShow ? alsoShow.split(',') : undefined,
      // The schema's joins / groups / scoping; with parentKey the server nests rows under children
      // (tree data, which antd's Table renders as a tree).
      extraQuery:
        node.query || node.parentKey
          ? { ...node.query, ...(node.parentKey ? { parentKey: node.parentKey } : {}) }
          : undefined,
      onError: (error) => ui.warning(loadFailureMessage(error, ui.lang)),
    },
    [
      provider,
      fields,
      idKey,
      !!paging,
      paging?.pageSize,
      paging?.keepSelection,
      JSON.stringify(node.sorts),
      alsoShow,
      node.parentKey,
      JSON.stringify(node.query),
    ],
  );
  // State → address (a new history entry per change); address → state when it changed under us
  // (Back / Forward, a link). Each side compares with the other first, so neither echoes.
  const placeNow = { current: state.current, pageSize: state.pageSize, searchValues: state.searchValues, view };
  const stateSignature = JSON.stringify(addressOf(placeNow, defaults));
  const addressSignature = address
    ? JSON.stringify(
        addressOf(
          placeOf((n) => address.get(n), defaults),
          defaults,
        ),
      )
    : '';
  const latest = useRef({ placeNow, stateSignature });
  latest.current = { placeNow, stateSignature };
  useEffect(() => {
    if (paging) address?.update?.(JSON.parse(stateSignature) as Record<string, string | null>);
    // stateSignature stands for the place; address changes identity with every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateSignature]);
  const seenAddress = useRef(addressSignature);
  useEffect(() => {
    if (!address || addressSignature === seenAddress.current) return;
    seenAddress.current = addressSignature;
    if (addressSignature === latest.current.stateSignature) return;
    const place = placeOf((n) => address.get(n), defaults);
    setView(place.view as ListView);
    setSearchEpoch((n) => n + 1);
    void controller.show(place);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressSignature]);
  const [modal, setModal] = useState<{ mode: RecordMode; id?: string }>();
  const after = useCallback(
    (ids: string[]) => {
      dataChanged();
      return controller.afterRemove(ids);
    },
    [controller, dataChanged],
  );
  const prefKey = actions.has('columns') ? columnPrefKey(node.table ?? node.key ?? 'list') : undefined;
  const columnKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const [hidden, saveHidden] = useHiddenColumns(prefKey, columnKeys, ui.warning);
  const shown = useMemo(() => columns.filter((c) => !hidden.includes(c.key)), [columns, hidden]);

  // What this screen offers the actions it runs (runtime/actions/types.ts ActionHost).
  const { request } = runtime;
  const exportableCount = useMemo(() => exportableFields(fields, runtime.lang).length, [fields, runtime.lang]);
  const host = useMemo<ActionHost>(
    () => ({
      openRecord: (mode, id) => setModal({ mode, id }),
      openDialog: setDialog,
      after,
      refresh: () => controller.load(),
      selectedIds: state.selectedKeys,
      exportableCount,
      navigate: (url, newTab) => {
        if (newTab) window.open(url, '_blank', 'noopener,noreferrer');
        else window.location.assign(url);
      },
      request,
      save: saveBlob,
      openRoute: runtime.openRoute,
    }),
    [after, controller, state.selectedKeys, exportableCount, request, runtime.openRoute],
  );
  const onRowAction = useCallback(
    (action: string, row: Row, params: Record<string, unknown> = {}) =>
      void runAction(action, { ui, host, provider, row, id: controller.keyOf(row), params }),
    [controller, provider, ui, host],
  );

  const title = textOf(node.title, runtime.lang);
  const fileTitle = title || node.table || node.key || '';
  const exportable = useMemo(() => exportableFields(fields, runtime.lang), [fields, runtime.lang]);
  const offered = useImportTemplates(runtime, node.dataSource, dialog === 'import', node.importTemplateId);
  const transfer = (): TransferOptions => {
    const templateId = node.importTemplateId ?? offered.templateId;
    return templateId ? { importTemplateId: templateId } : { fields: importFields(fields, runtime.lang) };
  };
  const progress = (text: string) => {
    notices.open('tessera-export', text);
    return () => notices.close('tessera-export');
  };
  const runExport = async (chosen: ExportField[]) => {
    setBusy(true);
    const args = buildExportArgs(controller.buildQuery(), { exportFields: chosen, ids: state.selectedKeys, idKey });
    const done = await exportRecords({
      provider,
      args,
      available: exportable.length,
      title: fileTitle,
      ui,
      progress,
      save: saveBlob,
    });
    setBusy(false);
    if (done) setDialog(undefined);
  };
  const onToolbar = (action: string, params: Record<string, unknown> = {}) =>
    void runAction(action, { ui, host, provider, params });

  const selectable = actions.has('batchDelete') || actions.has('export');
  const count = state.selectedKeys.length;
  const viewProps = {
    fields: shown,
    state,
    rowKey: controller.keyOf,
    dictOptions,
    rowActions,
    rowButtons,
    selectable,
    keepSelection: !!paging?.keepSelection,
    paginate: !!paging,
    onRowAction,
    onSelect: (keys: string[], rows: Row[]) => controller.setSelection(keys, rows),
    onPage: (current: number, pageSize: number) => void controller.setPage(current, pageSize),
    onSort: (spec: SortSpec | undefined) => void controller.sortBy(spec),
  };
  return (
    <div className="tessera-list" data-node-key={node.key}>
      {holder}
      <div className="tessera-list-header" style={{ display: 'flex', alignItems: 'center', marginBottom: 16 }}>
        {(node.showTitle ?? !!title) && (
          <Heading level={5} style={{ margin: 0, flex: 1 }}>
            {title}
          </Heading>
        )}
        <ListToolbar
          actions={actions}
          views={views}
          view={view}
          deferred={!paging || state.pageSize > VIRTUAL_ROWS}
          onView={setView}
          on={onToolbar}
          buttons={headerButtons}
          onButton={(button) => onToolbar(button.action, button.params)}
        />
      </div>
      {searchable.length > 0 && node.search !== false && (
        <SearchBar
          key={searchEpoch}
          initialValues={state.searchValues}
          fields={searchable}
          columns={node.search?.columns}
          fold={node.search?.fold ?? true}
          onSearch={(values) => void controller.search(values)}
          onReset={() => void controller.reset()}
        />
      )}
      {selectable && count > 0 && view !== 'gantt' && (
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
      {view === 'table' && <ListTable {...viewProps} />}
      {view === 'card' && <CardView {...viewProps} />}
      {view === 'gantt' && (
        <GanttView
          // Every row of the query, not the table's page: the gantt pages through the server itself.
          load={() => loadAllRows(provider, controller.buildQuery())}
          loadKey={`${stateSignature}|${dictVersion}|${state.total}`}
          idKey={idKey}
          fields={fields}
          settings={node.gantt}
        />
      )}
      {/* Mounted when opened: a closed antd Modal still costs its styles on the first paint. */}
      {dialog === 'columns' && (
        <ColumnSettings
          open
          fields={columns}
          hidden={hidden}
          onChange={(next) => void saveHidden(next)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'export' && (
        <ExportDialog
          fields={exportable}
          busy={busy}
          onOk={(chosen) => void runExport(chosen)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'import' && (
        <ImportDialog
          title={fileTitle}
          templates={offered.templates}
          templateId={offered.templateId}
          onTemplateChange={offered.choose}
          onClose={() => setDialog(undefined)}
          onTemplate={() =>
            void downloadTemplate({ provider, options: transfer(), title: fileTitle, ui, save: saveBlob })
          }
          onImport={async (file) => {
            const outcome = await importWorkbook({ provider, file, options: transfer(), ui });
            if (outcome.ok) {
              setDialog(undefined);
              dataChanged();
              await controller.reset(state.searchValues);
              return { ok: true, errors: [] };
            }
            return { ok: false, errors: outcome.errors };
          }}
        />
      )}
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
          table={node.table}
          onClose={() => setModal(undefined)}
          onSaved={() => {
            setModal(undefined);
            dataChanged();
            void controller.load();
          }}
        />
      )}
    </div>
  );
}
