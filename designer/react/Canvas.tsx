/**
 * The canvas: the page's structure as the runtime lays it out — lists and forms, grids with their
 * columns, tabs with their panes, cards — and every field rendered by the runtime itself
 * (runtime/react FormBody, the operators' own widgets), each with its selection outline, hover,
 * drop indicator and, for an empty container, a hint where to drop.
 *
 * Every node reads its own slice of a canvas store (canvas-store.ts) instead of the designer's
 * context, and the bodies are memoised on their JSON: an edit re-renders the edited node and the
 * containers above it, a selection the two nodes it moves between, a drag the node under the pointer.
 */
import {
  memo,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { Button, Card, Tabs, Tooltip } from 'antd';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { translate } from '../../protocol/messages';
import { childrenOf, kindOfNode, nodeOf, ROOT_ID, titleOf, type JsonObject, type NodeKind } from '../core';
import { useDesigner, type DesignerContextValue } from './context';
import {
  CanvasStoreContext,
  createStore,
  DropTargetContext,
  sameFields,
  sameItems,
  useCanvas,
  type CanvasSnapshot,
} from './canvas-store';
import {
  CANVAS_DRAG_ID,
  CANVAS_DROP_ID,
  DRAGGING_ATTRIBUTE,
  DROP_ATTRIBUTE,
  itemDropId,
  slotDropId,
  type DropTarget,
} from './drop';
import { FieldHost } from './preview-portals';

function Indicator({ after, refused }: { after: boolean; refused?: string }) {
  // Red when refused; the reason itself rides with the dragged chip (DndLayer), next to the pointer.
  return (
    <div
      className={`tessera-designer-indicator ${after ? 'is-after' : 'is-before'} ${refused ? 'is-refused' : ''}`}
      title={refused}
    />
  );
}

const refusalOf = (target: DropTarget, lang: 'zh' | 'en') =>
  target.verdict.ok ? undefined : target.verdict.message[lang];

/** A container's slot: its items in its columns, droppable as a whole (its end). */
const Slot = memo(function Slot({ id, columns = 1 }: { id: string; columns?: number }) {
  const items = useCanvas((s) => childrenOf(s.doc, id), sameItems);
  const here = useCanvas((s) => (s.target?.over === slotDropId(id) ? s.target : undefined));
  const lang = useCanvas((s) => s.lang);
  const style: CSSProperties = { gridTemplateColumns: `repeat(${Math.max(1, columns)}, minmax(0, 1fr))` };
  // A drop place by its attribute, found by the drag layer's hit test (DndLayer.tsx says why).
  const drop = { [DROP_ATTRIBUTE]: slotDropId(id) };
  return (
    <div
      {...drop}
      className={`tessera-designer-slot ${items.length ? '' : 'is-empty'} ${here ? 'is-over' : ''}`}
      style={style}
      data-slot={id}
    >
      {items.map((child) => (
        <CanvasNode key={child} id={child} columns={columns} />
      ))}
      {!items.length && <div className="tessera-designer-hint">{translate(lang, 'designerUi.emptyContainer')}</div>}
      {here && <Indicator after refused={refusalOf(here, lang)} />}
    </div>
  );
});

/** What a tabs node shows: its panes, their titles and the pane holding the selection. */
function tabsView(s: CanvasSnapshot, id: string) {
  const panes = childrenOf(s.doc, id);
  return {
    panes,
    titles: panes.map((pane) => titleOf(nodeOf(s.doc, pane) ?? {}, 'pane', s.lang)),
    holding: panes.find((pane) => pane === s.selection || containsNode(s, pane)),
  };
}
const sameTabs = (a: ReturnType<typeof tabsView>, b: ReturnType<typeof tabsView>) =>
  a.holding === b.holding && sameItems(a.panes, b.panes) && sameItems(a.titles, b.titles);

function containsNode(s: CanvasSnapshot, root: string): boolean {
  if (!s.selection) return false;
  const stack = [root];
  while (stack.length) {
    const at = stack.pop()!;
    if (at === s.selection) return true;
    stack.push(...childrenOf(s.doc, at));
  }
  return false;
}

function TabsNode({ id, columns }: { id: string; columns: number }) {
  const { panes, titles, holding } = useCanvas((s) => tabsView(s, id), sameTabs);
  const { dispatch, lang, readOnly } = useCanvas(
    (s) => ({ dispatch: s.dispatch, lang: s.lang, readOnly: s.readOnly }),
    sameFields,
  );
  const [active, setActive] = useState<string>();
  // The selected node's pane shows (a selection made in the outline opens its pane).
  const shown = holding ?? active ?? panes[0];
  return (
    <Tabs
      size="small"
      activeKey={shown}
      // A click on a pane's tab selects the pane, the one shown too (onChange would skip it), so
      // Enter on a palette entry then inserts into that pane.
      onTabClick={(key) => {
        setActive(key);
        dispatch({ type: 'select', id: key });
      }}
      tabBarExtraContent={
        readOnly ? undefined : (
          <Button
            size="small"
            type="dashed"
            onClick={() => dispatch({ type: 'run', command: { type: 'addPane', tab: id, index: panes.length } })}
          >
            + {translate(lang, 'designerUi.addPane')}
          </Button>
        )
      }
      items={panes.map((pane, index) => ({
        key: pane,
        label: titles[index],
        forceRender: true,
        children: <Slot id={pane} columns={columns} />,
      }))}
    />
  );
}

/** A node's body: the runtime's field, or the container's slot. Re-rendered only for its own JSON. */
const NodeBody = memo(function NodeBody({ id, json, kind }: { id: string; json: JsonObject; kind: NodeKind }) {
  const lang = useCanvas((s) => s.lang);
  // The field's runtime form renders into its frame from PreviewPortals (preview-portals.tsx).
  if (kind === 'field') return <FieldHost id={id} />;
  const props = (json.props ?? {}) as { columns?: number };
  switch (json.type) {
    case 'list':
    case 'form': {
      const columns = Number(json.columns ?? (json.modal as { columns?: number } | undefined)?.columns ?? 2);
      return <Slot id={id} columns={columns} />;
    }
    case 'grid':
      return <Slot id={id} columns={Number(props.columns ?? 2)} />;
    case 'tab':
      return <TabsNode id={id} columns={Number(props.columns ?? 1)} />;
    case 'card':
      return (
        <Card size="small" title={titleOf(json, 'node', lang)}>
          <Slot id={id} columns={Number(props.columns ?? 1)} />
        </Card>
      );
    default:
      return <LooseSlot id={id} hasChildren={Array.isArray(json.children)} />;
  }
});

function LooseSlot({ id, hasChildren }: { id: string; hasChildren: boolean }) {
  const count = useCanvas((s) => childrenOf(s.doc, id).length);
  return count || hasChildren ? <Slot id={id} /> : null;
}

/** A node's own slice of the canvas: what its frame shows. */
function nodeView(s: CanvasSnapshot, id: string) {
  return {
    json: nodeOf(s.doc, id),
    kind: kindOfNode(s.doc, id),
    selected: s.selection === id,
    problems: s.issues.get(id),
    mark: s.marks?.get(id),
    here: s.target?.over === itemDropId(id) ? s.target : undefined,
    lang: s.lang,
    readOnly: s.readOnly,
    dispatch: s.dispatch,
  };
}

/**
 * A node's frame: its element, a drop place by its attribute, with the node's content passed in as
 * an unchanged child. It is not a dnd-kit draggable of its own: the canvas is, for every node
 * (CanvasDragSource), so a drag's start and end re-render no frame.
 */
const NodeFrame = memo(function NodeFrame(props: {
  id: string;
  className: string;
  label: string;
  type: string;
  selected: boolean;
  mark?: string;
  span: number;
  dispatch: CanvasSnapshot['dispatch'];
  children: ReactNode;
}) {
  const { id, dispatch } = props;
  const drop = { [DROP_ATTRIBUTE]: itemDropId(id) };
  return (
    <div
      {...drop}
      tabIndex={-1}
      role="treeitem"
      aria-selected={props.selected}
      aria-label={props.label}
      data-node-id={id}
      data-node-type={props.type}
      className={props.className}
      data-patch={props.mark}
      style={{ gridColumn: `span ${props.span}` }}
      onClick={(event) => {
        event.stopPropagation();
        dispatch({ type: 'select', id });
      }}
    >
      {props.children}
    </div>
  );
});

/** A node on the canvas: selectable, draggable, a drop place before or after it. */
export const CanvasNode = memo(function CanvasNode({ id, columns = 1 }: { id: string; columns?: number }) {
  const { json, kind, selected, problems, mark, here, lang, dispatch } = useCanvas((s) => nodeView(s, id), sameFields);
  if (!json || !kind) return null;
  const span = Math.min(Math.max(1, Number(json.columnSpan ?? (kind === 'field' ? 1 : columns))), columns);
  const label = `${titleOf(json, kind, lang)}${typeof json.key === 'string' && kind === 'field' ? ` · ${json.key}` : ''}`;
  const className = [
    'tessera-designer-node',
    `is-${kind}`,
    selected ? 'is-selected' : '',
    problems ? 'is-invalid' : '',
    mark ? `is-patch-${mark}` : '',
  ].join(' ');
  return (
    <NodeFrame
      id={id}
      className={className}
      label={label}
      type={String(json.type ?? 'pane')}
      selected={selected}
      mark={mark}
      span={span}
      dispatch={dispatch}
    >
      <span className="tessera-designer-label">{label}</span>
      {problems && (
        <Tooltip title={problems.map((issue) => issue.message[lang]).join('\n')}>
          <span className="tessera-designer-problem" role="note">
            {problems[0].message[lang]}
          </span>
        </Tooltip>
      )}
      {here && !here.after && <Indicator after={false} refused={refusalOf(here, lang)} />}
      <NodeBody id={id} json={json} kind={kind} />
      {here && here.after && <Indicator after refused={refusalOf(here, lang)} />}
    </NodeFrame>
  );
});

/**
 * The canvas store's owner: it alone reads the designer's context (or, while a described change is
 * pending, its preview's) and hands it to the canvas's nodes and the field previews through the
 * canvas store, with the drop place from the drag layer's store (a pointer move re-renders no pane).
 * It sits above the drag layer and the previews; its children are one unchanged element, so an edit
 * re-renders only what reads the store.
 */
export function CanvasSource({ pending, children }: { pending?: DesignerContextValue; children: ReactNode }) {
  const designer = useDesigner();
  const { state, dispatch, issues, lang, readOnly, marks } = pending ?? designer;
  const targets = useContext(DropTargetContext);
  const { doc, selection } = state.editor;
  const [store] = useState(() =>
    createStore<CanvasSnapshot>({ doc, selection, issues, lang, readOnly, dispatch, marks, target: targets?.get() }),
  );
  // Before paint: the nodes whose slice changed re-render in the same frame as the edit.
  useLayoutEffect(() => {
    const target = targets?.get();
    const current = store.get();
    const next = { doc, selection, issues, lang, readOnly, dispatch, marks, target };
    if (!sameFields(current, next)) store.set(next);
  }, [store, targets, doc, selection, issues, lang, readOnly, dispatch, marks]);
  useLayoutEffect(
    () => targets?.subscribe(() => store.set({ ...store.get(), target: targets.get() })),
    [store, targets],
  );
  return <CanvasStoreContext.Provider value={store}>{children}</CanvasStoreContext.Provider>;
}

type PressHandler = (event: ReactPointerEvent<HTMLElement>) => void;

/**
 * The canvas's nodes as one dnd-kit draggable. A useDraggable per node re-rendered all ~300 frames
 * when a drag started and again when it ended (dnd-kit's context changes then): one late frame per
 * drag (issue 14). Here the canvas listens for the press itself: the innermost node under it is what
 * is dragged; dnd-kit measures that node's element (so the drag chip starts over it). The hook lives
 * in this empty component beside the canvas's content, so dnd-kit's changes during a drag (every
 * pointer move) re-render it alone. The dragged frame is dimmed through an attribute the DOM keeps,
 * so no frame renders for that either.
 */
function CanvasDragSource({ onPress }: { onPress: { current?: PressHandler } }) {
  const readOnly = useCanvas((s) => s.readOnly);
  const pressed = useRef<{ node?: string; element?: HTMLElement }>({});
  const { listeners, setNodeRef, isDragging } = useDraggable({
    id: CANVAS_DRAG_ID,
    data: pressed.current,
    disabled: readOnly,
  });
  useEffect(() => {
    const element = pressed.current.element;
    if (!isDragging || !element) return;
    element.setAttribute(DRAGGING_ATTRIBUTE, '');
    return () => element.removeAttribute(DRAGGING_ATTRIBUTE);
  }, [isDragging]);
  onPress.current = (event) => {
    const element = (event.target as Element).closest<HTMLElement>('[data-node-id]');
    if (readOnly || !element || !event.currentTarget.contains(element)) return;
    pressed.current.node = element.dataset.nodeId;
    pressed.current.element = element;
    setNodeRef(element);
    listeners?.onPointerDown?.(event);
  };
  return null;
}

/** The page: its body nodes, one below the other, and the page's own drop place. */
export function Canvas() {
  const dispatch = useCanvas((s) => s.dispatch);
  // The drag layer's one droppable: over it, the drop place comes from its hit test (DndLayer.tsx).
  const { setNodeRef } = useDroppable({ id: CANVAS_DROP_ID });
  const [onPress] = useState<{ current?: PressHandler }>({});
  // Its blank margin below the page's last node is the page's end, as the page's own slot is.
  const drop = { [DROP_ATTRIBUTE]: slotDropId(ROOT_ID) };
  return (
    <div
      ref={setNodeRef}
      {...drop}
      className="tessera-designer-canvas"
      onPointerDown={(event) => onPress.current?.(event)}
      onClick={() => dispatch({ type: 'select', id: ROOT_ID })}
    >
      <CanvasDragSource onPress={onPress} />
      <Slot id={ROOT_ID} />
    </div>
  );
}
