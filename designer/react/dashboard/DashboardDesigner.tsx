/**
 * dashboard/design/{id}: the dashboard designer (docs/dashboards.md "The designer"). Three panes —
 * the widget palette, the grid with the widgets drawn live, the settings of the selected widget
 * (or of the dashboard) — over the headless editor (designer/core/dashboard): every edit a
 * command, undone and redone by Ctrl+Z / Ctrl+Shift+Z. Saved through the store with the version
 * it was based on: when someone saved in between, the conflict dialog offers reload or compare.
 * Leaving with unsaved changes asks first.
 */
import { Alert, Button, Modal, Space, Spin, Typography, message } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { textOf, type PageNode } from '../../../protocol/page-schema';
import type { GridItem } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { NodeRenderer } from '../../../runtime/react/PageRenderer';
import {
  bindingProblems,
  canRedo,
  canUndo,
  createDashEditor,
  isDirty,
  newWidgetKey,
  schemaOf,
  type AlignHow,
  type DashCommand,
} from '../../core/dashboard';
import { loadDashboard, loadSources, saveDashboard, type LoadedDashboard } from './api';
import { DashboardSettings } from './DashboardSettings';
import { DesignerToolbar, type DesignDevice } from './DesignerToolbar';
import { DesignGrid, DROPPING_KEY } from './DesignGrid';
import { DashboardHistory } from './HistoryDrawer';
import { dashReducer, isTyping, keyOf, type DashState } from './state';
import { WidgetPalette } from './WidgetPalette';
import { WidgetSettings } from './WidgetSettings';
import './dashboard-designer.css';

/** A dialog or drawer is showing: the keys are its own (a closed antd modal stays in the DOM, hidden). */
function dialogOpen(): boolean {
  const shown = (element: Element) => (element as HTMLElement).style.display !== 'none';
  return [...document.querySelectorAll('.ant-modal-wrap')].some(shown) || !!document.querySelector('.ant-drawer-open');
}

export interface DashboardDesignerProps {
  dashboardId: string;
  onBack: () => void;
  onOpen: () => void;
  onSaved?: () => void;
  /** Unsaved changes appeared or went away (the host guards in-app navigation while there are). */
  onDirtyChange?: (dirty: boolean) => void;
}

export function DashboardDesigner(props: DashboardDesignerProps) {
  const { request } = useRuntime();
  const t = useT();
  const [loaded, setLoaded] = useState<LoadedDashboard>();
  const [failure, setFailure] = useState<string>();
  const [sources, setSources] = useState<SourceTable[]>([]);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    Promise.all([loadDashboard(request, props.dashboardId), loadSources(request)])
      .then(([dashboard, tables]) => {
        if (!live) return;
        setSources(tables);
        setLoaded(dashboard);
      })
      .catch((error: Error) => live && setFailure(error.message));
    return () => {
      live = false;
    };
  }, [request, props.dashboardId, generation]);

  if (failure) return <Alert type="error" showIcon message={t('dashDesigner.loadFailed', { message: failure })} />;
  if (!loaded)
    return (
      <Space direction="vertical" align="center" style={{ display: 'flex', margin: '64px auto' }}>
        <Spin />
        <Typography.Text type="secondary">{t('dashDesigner.loading')}</Typography.Text>
      </Space>
    );
  const editor = createDashEditor(loaded.schema);
  if (!editor) return <Alert type="warning" showIcon message={t('dashDesigner.notDashboard')} />;
  return (
    <Editor
      key={`${generation}:${loaded.version ?? ''}`}
      {...props}
      loaded={loaded}
      initial={{ editor }}
      sources={sources}
      reload={() => setGeneration((n) => n + 1)}
    />
  );
}

function Editor(
  props: DashboardDesignerProps & {
    loaded: LoadedDashboard;
    initial: DashState;
    sources: SourceTable[];
    reload: () => void;
  },
) {
  const { request, lang } = useRuntime();
  const t = useT();
  const [state, dispatch] = useReducer(dashReducer, props.initial);
  const [version, setVersion] = useState(props.loaded.version);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [history, setHistory] = useState<'open' | 'compare' | undefined>();
  const [preview, setPreview] = useState(false);
  // Which layout the grid edits: the desktop's, or the tablet's (derived from it until edited).
  const [device, setDevice] = useState<DesignDevice>('lg');
  const [toast, holder] = message.useMessage();
  const readOnly = !props.loaded.canSave;
  const { editor } = state;
  const node = editor.node;
  const dirty = isDirty(editor);
  const problems = useMemo(() => bindingProblems(node, props.sources), [node, props.sources]);
  const selected = node.children.find((child) => child.key === editor.selected);
  const run = useCallback(
    (command: DashCommand) => {
      if (!readOnly) dispatch({ type: 'run', command });
    },
    [readOnly],
  );

  useEffect(() => {
    if (state.refusal) void toast.warning(state.refusal.message[lang]);
  }, [state.refusal, toast, lang]);

  const { onDirtyChange } = props;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // The browser's own prompt on reload or close while there are unsaved changes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = async () => {
    if (readOnly || saving) return;
    setSaving(true);
    try {
      const answer = await saveDashboard(request, props.dashboardId, schemaOf(editor), version);
      if (answer.ok) {
        setVersion(answer.version);
        dispatch({ type: 'saved' });
        void toast.success(t('dashDesigner.saved', { version: answer.version }));
        props.onSaved?.();
      } else if (answer.conflict) setConflict(true);
      else void toast.error(answer.message);
    } finally {
      setSaving(false);
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const leave = (go: () => void) => {
    if (!dirty) return go();
    Modal.confirm({ title: t('dashDesigner.leaveConfirm'), onOk: go, okButtonProps: { danger: true } });
  };

  // Keyboard: on the designer, never while typing in a settings field.
  const selectedKey = editor.selected;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialogOpen()) return;
      const action = keyOf(event, isTyping(event.target));
      if (!action) return;
      if (action === 'save') {
        event.preventDefault();
        void saveRef.current();
        return;
      }
      if (readOnly && action !== 'deselect') return;
      if (action === 'undo') dispatch({ type: 'undo' });
      else if (action === 'redo') dispatch({ type: 'redo' });
      else if (action === 'deselect') dispatch({ type: 'select', key: null });
      else if (!selectedKey) return;
      else if (action === 'remove') dispatch({ type: 'run', command: { type: 'remove', key: selectedKey } });
      else if (action === 'duplicate') dispatch({ type: 'run', command: { type: 'duplicate', key: selectedKey } });
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly, selectedKey]);

  const onDrop = (type: string, at: GridItem, layout: GridItem[]) => {
    const key = newWidgetKey(node, type);
    run({
      type: 'batch',
      commands: [
        { type: 'add', widget: type, key, at },
        {
          type: 'layout',
          breakpoint: device,
          items: layout.map((item) => (item.i === DROPPING_KEY ? { ...item, i: key } : item)),
        },
      ],
    });
  };
  const align = (how: AlignHow) => selectedKey && run({ type: 'align', key: selectedKey, how, breakpoint: device });
  const title = textOf(props.loaded.schema.title, lang) || props.loaded.title;

  return (
    <div className="tessera-dash-designer" data-testid="dashboard-designer">
      {holder}
      <DesignerToolbar
        title={title}
        dirty={dirty}
        readOnly={readOnly}
        canUndo={canUndo(editor)}
        canRedo={canRedo(editor)}
        selected={!!selectedKey}
        saving={saving}
        device={device}
        onDevice={setDevice}
        onBack={() => leave(props.onBack)}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onAlign={align}
        onDuplicate={() => selectedKey && run({ type: 'duplicate', key: selectedKey })}
        onRemove={() => selectedKey && run({ type: 'remove', key: selectedKey })}
        onHistory={() => setHistory('open')}
        onPreview={() => setPreview(true)}
        onOpen={() => leave(props.onOpen)}
        onSave={() => void save()}
      />
      {readOnly && <Alert type="info" showIcon message={t('dashDesigner.readOnly')} style={{ margin: '8px 0' }} />}
      <div className="tessera-dash-panes">
        <WidgetPalette disabled={readOnly} onAdd={(type) => run({ type: 'add', widget: type })} />
        <DesignGrid
          node={node}
          selected={editor.selected}
          problems={problems}
          readOnly={readOnly}
          breakpoint={device}
          onSelect={(key) => dispatch({ type: 'select', key })}
          onLayout={(items) => run({ type: 'layout', breakpoint: device, items })}
          onResetLayout={() => run({ type: 'layout', breakpoint: device, items: null })}
          onDrop={onDrop}
        />
        <div className="tessera-dash-settings" onBlur={() => dispatch({ type: 'seal' })}>
          {selected ? (
            <WidgetSettings
              key={selected.key}
              widget={selected}
              sources={props.sources}
              filters={node.filters}
              problem={problems.get(selected.key)}
              run={run}
              onBlur={() => dispatch({ type: 'seal' })}
            />
          ) : (
            <DashboardSettings
              node={node}
              sources={props.sources}
              run={run}
              onBlur={() => dispatch({ type: 'seal' })}
            />
          )}
        </div>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('dashDesigner.shortcuts')}
      </Typography.Text>

      <Modal
        open={conflict}
        title={t('dashDesigner.conflictTitle')}
        onCancel={() => setConflict(false)}
        footer={[
          <Button key="keep" onClick={() => setConflict(false)}>
            {t('dashDesigner.keepEditing')}
          </Button>,
          <Button
            key="compare"
            onClick={() => {
              setConflict(false);
              setHistory('compare');
            }}
          >
            {t('dashDesigner.compare')}
          </Button>,
          <Button key="reload" type="primary" danger onClick={props.reload}>
            {t('dashDesigner.reload')}
          </Button>,
        ]}
      >
        {t('dashDesigner.conflictText')}
      </Modal>
      {/* The dashboard as viewers get it, unsaved edits included: its filter bar, refresh and all. */}
      <Modal
        open={preview}
        width="92vw"
        title={title}
        footer={null}
        destroyOnClose
        onCancel={() => setPreview(false)}
        styles={{ body: { background: '#f0f2f5', padding: 12 } }}
      >
        <div data-testid="dash-preview">
          <NodeRenderer node={node as unknown as PageNode} />
        </div>
      </Modal>
      {history && (
        <DashboardHistory
          dashboardId={props.dashboardId}
          readOnly={readOnly}
          baseVersion={version}
          compareHead={history === 'compare'}
          onClose={() => setHistory(undefined)}
          onRolledBack={props.reload}
        />
      )}
    </div>
  );
}
