/**
 * The form designer at design/{module_id} (docs/designer.md): the palette, the canvas (the runtime
 * rendering the schema) and the settings with the outline, over designer/core's editor. Every edit
 * is a core command; the draft is kept per app and module; saving goes through the schema store
 * with its table-sync plan. A user who may not save (not an admin: the store answers P4003) sees
 * the module read-only.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Alert, Button, message as antMessage, Spin } from 'antd';
import { useRuntime } from '../../runtime/react/context';
import { translate } from '../../protocol/messages';
import {
  emptyDocument,
  isDirty,
  loadDocument,
  serialise,
  type DesignDocument,
  type DocumentValidation,
  type NodeIssue,
} from '../core';
import { validateInBrowser } from './validate';
import { listDictionaries, loadModule, saveModule, type DictionaryInfo, type LoadedModule } from './api';
import { createStore, DropTargetContext } from './canvas-store';
import { useFocusAfterDrop } from './drop-focus';
import { DesignerContext, type DesignerContextValue } from './context';
import { DescribePanel, type PendingChange } from './DescribePanel';
import { browserStorage, clearDraft, draftKey, readDraft, writeDraft } from './draft';
import type { DropTarget } from './drop';
import { HistoryDrawer } from './HistoryDrawer';
import { isTypingTarget, keyAction } from './keyboard';
import { Panes } from './Panes';
import { Preview } from './Preview';
import { ConflictDialog, PlanDialog } from './SaveDialogs';
import { designerReducer, initialState } from './state';
import { Toolbar } from './Toolbar';
import { useSave } from './use-save';
import './designer.css';

export interface DesignerProps {
  moduleId: string;
  app: string;
  /** Back to the module admin page. */
  onBack: () => void;
  /** A save or rollback made a new version (the host drops its cached copy of the module). */
  onSaved?: () => void;
  /** Unsaved changes appeared or went away (the host guards in-app navigation while there are). */
  onDirtyChange?: (dirty: boolean) => void;
}

export function Designer(props: DesignerProps) {
  const { request, lang } = useRuntime();
  const [loaded, setLoaded] = useState<LoadedModule>();
  const [failure, setFailure] = useState<string>();
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    loadModule(request, props.moduleId)
      .then((module) => live && setLoaded(module))
      .catch((error: Error) => live && setFailure(error.message));
    return () => {
      live = false;
    };
  }, [request, props.moduleId, epoch]);
  if (failure)
    return <Alert type="error" showIcon message={translate(lang, 'designerUi.loadFailed', { message: failure })} />;
  if (!loaded)
    return <Spin tip={translate(lang, 'designerUi.loading')} style={{ display: 'block', margin: '96px auto' }} />;
  return <DesignerWorkspace {...props} loaded={loaded} onReload={() => setEpoch((n) => n + 1)} key={epoch} />;
}

function DesignerWorkspace(props: DesignerProps & { loaded: LoadedModule; onReload: () => void }) {
  const { loaded, app, moduleId } = props;
  const { request, lang } = useRuntime();
  const [message, messageHolder] = antMessage.useMessage();
  const storage = browserStorage();
  const key = draftKey(app, moduleId);
  const [restored, setRestored] = useState(false);
  const [state, dispatch] = useReducer(designerReducer, undefined, () => {
    const draft = readDraft(storage, key);
    const fromDraft = draft ? loadDocument(draft.schema) : undefined;
    const fromServer = loadDocument(loaded.schema);
    if (fromDraft?.ok && JSON.stringify(draft!.schema) !== JSON.stringify(loaded.schema)) {
      const state = designerReducer(initialState(fromDraft.doc), { type: 'load', doc: fromDraft.doc, dirty: true });
      return { ...state, restoredDraft: true };
    }
    // The store only keeps schemas that load; an empty page is the last resort, never a crash.
    return initialState(fromServer.ok ? fromServer.doc : emptyDocument());
  });
  const [baseVersion, setBaseVersion] = useState(loaded.version);
  // The drop place lives in a store of its own: a pointer move re-renders the nodes it touches, no pane.
  const [targets] = useState(() => createStore<DropTarget | undefined>(undefined));
  const [storeIssues, setStoreIssues] = useState<NodeIssue[]>([]);
  const [view, setView] = useState<'canvas' | 'json'>('canvas');
  // Problems of the JSON view's text (not yet on the canvas): nothing can be saved while there are any.
  const [jsonProblems, setJsonProblems] = useState(0);
  const [history, setHistory] = useState<'closed' | 'open' | 'compare'>('closed');
  const [preview, setPreview] = useState(false);
  const [describing, setDescribing] = useState(false);
  const [pending, setPending] = useState<PendingChange>();
  const copied = useRef<string>();
  const root = useRef<HTMLDivElement>(null);
  const readOnly = !loaded.canSave;
  const doc = state.editor.doc;
  const dirty = isDirty(state.editor);

  useEffect(() => {
    if ((state as { restoredDraft?: boolean }).restoredDraft) setRestored(true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // The app's dictionaries, read once: the options picker lists them and a missing one is marked.
  const [dictionaries, setDictionaries] = useState<DictionaryInfo[]>();
  useEffect(() => {
    let live = true;
    listDictionaries(request)
      .then((found) => live && setDictionaries(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request]);
  const dictCodes = useMemo(
    () => (dictionaries ? new Set(dictionaries.map((dict) => dict.code)) : undefined),
    [dictionaries],
  );

  // Validation as the document changes (the meta-schema, cross references, linkage cycles), by the
  // Validator below: a keystroke reaches the canvas first, the check of the whole page follows.
  const [validation, setValidation] = useState<DocumentValidation>(NO_ISSUES);
  const onValidated = useCallback(
    (next: DocumentValidation) => setValidation((shown) => (sameValidation(shown, next) ? shown : next)),
    [],
  );
  const issues = useMemo(() => {
    const byNode = new Map(validation.byNode);
    for (const issue of storeIssues) byNode.set(issue.nodeId, [...(byNode.get(issue.nodeId) ?? []), issue]);
    return byNode;
  }, [validation, storeIssues]);
  useEffect(() => setStoreIssues([]), [doc]);
  // A preview is of the document it was made from: any other edit (undo on the toolbar) drops it.
  useEffect(() => setPending(undefined), [doc]);

  // The draft follows the document while it differs from the saved one.
  useEffect(() => {
    if (readOnly) return;
    const timer = setTimeout(() => {
      if (dirty) writeDraft(storage, key, { base: baseVersion, schema: serialise(doc), at: Date.now() });
      else clearDraft(storage, key);
    }, 250);
    return () => clearTimeout(timer);
  }, [doc, dirty, storage, key, baseVersion, readOnly]);

  const { onDirtyChange } = props;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  // Unmounted (a reload of the module, leaving): nothing of this copy is unsaved any more.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // Leaving the page with unsaved changes asks first (the draft stays either way).
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  useEffect(() => {
    if (state.refusal) void message.warning(state.refusal.message[lang]);
  }, [state.refusal, message, lang]);

  const save = useSave({
    request,
    moduleId,
    baseVersion,
    onSaved: (version) => {
      setBaseVersion(version);
      dispatch({ type: 'saved' });
      clearDraft(storage, key);
      props.onSaved?.();
      void message.success(translate(lang, 'designerUi.saved', { version }));
    },
    onIssues: setStoreIssues,
    onError: (text) => void message.error(translate(lang, 'designerUi.saveFailed', { message: text })),
  });

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      // A pending described change is only accepted or discarded: no edit may slip under its preview.
      if (isTypingTarget(event.target) || view !== 'canvas' || pending) return;
      const result = keyAction(state, event, copied.current);
      if (!result) return;
      event.preventDefault();
      if (result.copy) copied.current = result.copy;
      if (result.action && (!readOnly || result.action.type === 'select' || result.action.type === 'moveSelection'))
        dispatch(result.action);
    },
    [state, view, readOnly, pending],
  );

  const back = () => {
    if (dirty && !window.confirm(translate(lang, 'designerUi.leaveConfirm'))) return;
    props.onBack();
  };

  const context = useMemo(
    () => ({ state, dispatch, issues, lang, readOnly, dictionaries }),
    [state, issues, lang, readOnly, dictionaries],
  );
  // The drag layer and its children stay the same on an edit (Panes.tsx says why): it reads the
  // document when a drag starts or moves, the panes follow it through the context.
  const latestDoc = useRef(doc);
  useLayoutEffect(() => {
    latestDoc.current = doc;
  }, [doc]);
  const getDoc = useCallback(() => latestDoc.current, []);
  const onDropped = useFocusAfterDrop(root, state.editor.selection);
  // The meta-schema the browser may not compile (validate.ts): the store's dry run checks it.
  const remoteCheck = useMemo(
    () =>
      readOnly
        ? undefined
        : async (schema: unknown) => {
            const answer = await saveModule(request, moduleId, { schema, baseVersion, dryRun: true });
            return !answer.ok && answer.kind === 'invalid' ? (answer.issues ?? []) : [];
          },
    [readOnly, request, moduleId, baseVersion],
  );
  const pendingContext = useMemo(() => (pending ? previewContext(context, pending) : undefined), [context, pending]);
  const panes = useMemo(
    () => (
      <Panes
        lang={lang}
        view={view}
        pendingContext={pendingContext}
        onJsonProblems={setJsonProblems}
        remoteCheck={remoteCheck}
        getDoc={getDoc}
        dispatch={dispatch}
        onTarget={targets.set}
        onDropped={onDropped}
      />
    ),
    [lang, view, pendingContext, remoteCheck, getDoc, targets, onDropped],
  );
  return (
    <DesignerContext.Provider value={context}>
      <DropTargetContext.Provider value={targets}>
        {messageHolder}
        <Validator doc={doc} dictCodes={dictCodes} onResult={onValidated} />
        <div ref={root} className="tessera-designer" tabIndex={0} onKeyDown={onKeyDown} data-testid="designer">
          <Toolbar
            title={loaded.title}
            dirty={dirty}
            issueCount={validation.issues.length + (view === 'json' ? jsonProblems : 0)}
            view={view}
            onView={(next) => {
              setView(next);
              setJsonProblems(0);
            }}
            onBack={back}
            onSave={() => void save.start(doc)}
            saving={save.stage.stage === 'planning'}
            onHistory={() => setHistory('open')}
            onPreview={() => setPreview(true)}
            onDescribe={() => {
              setView('canvas');
              setDescribing(true);
            }}
          />
          {readOnly && <Alert type="info" showIcon banner message={translate(lang, 'designerUi.readOnly')} />}
          {restored && (
            <Alert
              type="info"
              showIcon
              banner
              closable
              onClose={() => setRestored(false)}
              message={translate(lang, 'designerUi.draftRestored')}
              action={
                <Button
                  size="small"
                  onClick={() => {
                    clearDraft(storage, key);
                    props.onReload();
                  }}
                >
                  {translate(lang, 'designerUi.discardDraft')}
                </Button>
              }
            />
          )}
          {panes}
          <div className="tessera-designer-keys">{translate(lang, 'designerUi.keys')}</div>
        </div>
        {save.stage.stage === 'plan' && (
          <PlanDialog
            lang={lang}
            plan={save.stage.plan}
            saving={save.stage.saving}
            onApply={(confirm) => void save.apply(doc, confirm)}
            onCancel={save.close}
          />
        )}
        {save.stage.stage === 'conflict' && (
          <ConflictDialog
            lang={lang}
            message={save.stage.message}
            onClose={save.close}
            onReload={() => {
              clearDraft(storage, key);
              props.onReload();
            }}
            onCompare={() => {
              save.close();
              setHistory('compare');
            }}
          />
        )}
        {preview && <Preview onClose={() => setPreview(false)} />}
        {describing && (
          <DescribePanel
            moduleId={moduleId}
            baseVersion={baseVersion}
            pending={pending}
            onPending={setPending}
            onClose={() => setDescribing(false)}
          />
        )}
        {history !== 'closed' && (
          <HistoryDrawer
            moduleId={moduleId}
            readOnly={readOnly}
            baseVersion={baseVersion}
            compareHead={history === 'compare'}
            onClose={() => setHistory('closed')}
            onRolledBack={() => {
              clearDraft(storage, key);
              props.onSaved?.();
              props.onReload();
            }}
          />
        )}
      </DropTargetContext.Provider>
    </DesignerContext.Provider>
  );
}

/** The canvas's context while a described change is pending: its preview document, marked, not editable. */
function previewContext(context: DesignerContextValue, pending: PendingChange): DesignerContextValue {
  const editor = { ...context.state.editor, doc: pending.preview.doc, selection: null };
  return {
    ...context,
    state: { editor },
    dispatch: () => undefined,
    issues: new Map(),
    readOnly: true,
    marks: pending.preview.marks,
  };
}

const NO_ISSUES: DocumentValidation = { issues: [], byNode: new Map() };

/** The same issues at the same nodes: the panes keep the shown result (no re-render of the designer). */
const sameValidation = (a: DocumentValidation, b: DocumentValidation) =>
  a.issues.length === b.issues.length && JSON.stringify(a.issues) === JSON.stringify(b.issues);

/**
 * Checks the deferred document: only this component renders again when the check runs, after the
 * edit is on the canvas; the designer re-renders only when the issues changed.
 */
function Validator(props: {
  doc: DesignDocument;
  dictCodes: ReadonlySet<string> | undefined;
  onResult: (validation: DocumentValidation) => void;
}) {
  const { dictCodes, onResult } = props;
  const doc = useDeferredValue(props.doc);
  const validation = useMemo(() => validateInBrowser(doc, dictCodes ? { dictCodes } : undefined), [doc, dictCodes]);
  useEffect(() => onResult(validation), [validation, onResult]);
  return null;
}
