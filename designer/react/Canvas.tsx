/**
 * The canvas: the page's structure as the runtime lays it out — lists and forms, grids with their
 * columns, tabs with their panes, cards — and every field rendered by the runtime itself
 * (runtime/react FormBody, the operators' own widgets), each with its selection outline, hover,
 * drop indicator and, for an empty container, a hint where to drop.
 */
import { memo, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Card, Tabs, Tooltip } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { FormBody } from '../../runtime/react/FormBody';
import { translate } from '../../protocol/messages';
import type { SchemaNode } from '../../protocol/page-schema';
import { childrenOf, kindOfNode, nodeOf, ROOT_ID, titleOf, type JsonObject } from '../core';
import { useDesigner } from './context';
import { itemDropId, nodeDragId, slotDropId } from './drop';

/** A Formily form of its own for a list's or form's fields (and one for the page's loose fields). */
function FormScope({ children }: { children: ReactNode }) {
  const form = useMemo(() => createForm(), []);
  return <FormProvider form={form}>{children}</FormProvider>;
}

/**
 * One field as operators see it: the runtime compiles and renders it; the designer only frames it.
 * Memoised on the field's JSON: an edit copies only the path to the edited node (designer/core), so
 * a keystroke or a pointer move during a drag re-renders the frames, not 300 runtime forms
 * (bench/designer-browser.bench.ts).
 */
const FieldPreview = memo(function FieldPreview({ json }: { json: JsonObject }) {
  const nodes = useMemo(() => [json as unknown as SchemaNode], [json]);
  // Formily keeps a field's state (required, validators, options) from its first render, so once
  // the field is edited its preview gets a form of its own, made anew with each JSON: 必填 switched
  // on shows its mark at once. Until then it shares its scope's form (a form costs ~1 ms to make;
  // opening 300 fields makes none), and an undo back to the first JSON returns to that form.
  const first = useRef(json);
  const own = useMemo(() => (json === first.current ? undefined : createForm()), [json]);
  const body = <FormBody nodes={nodes} columns={1} onWarning={IGNORE_WARNING} />;
  return (
    <div
      className="tessera-designer-field"
      // Inert: a click selects the field instead of typing in it; its inputs take no focus.
      ref={(element) => element?.setAttribute('inert', '')}
    >
      {own ? <FormProvider form={own}>{body}</FormProvider> : body}
    </div>
  );
});

/** Stable, so the memoised preview is not re-rendered for a new callback each time. */
const IGNORE_WARNING = () => undefined;

function Indicator({ after, refused }: { after: boolean; refused?: string }) {
  // Red when refused; the reason itself rides with the dragged chip (DndLayer), next to the pointer.
  return (
    <div
      className={`tessera-designer-indicator ${after ? 'is-after' : 'is-before'} ${refused ? 'is-refused' : ''}`}
      title={refused}
    />
  );
}

/** A container's slot: its items in its columns, droppable as a whole (its end). */
function Slot({ id, columns = 1 }: { id: string; columns?: number }) {
  const { state, target, lang } = useDesigner();
  const { setNodeRef, isOver } = useDroppable({ id: slotDropId(id) });
  const items = childrenOf(state.editor.doc, id);
  const here = target && target.over === slotDropId(id);
  const style: CSSProperties = { gridTemplateColumns: `repeat(${Math.max(1, columns)}, minmax(0, 1fr))` };
  return (
    <div
      ref={setNodeRef}
      className={`tessera-designer-slot ${items.length ? '' : 'is-empty'} ${isOver ? 'is-over' : ''}`}
      style={style}
      data-slot={id}
    >
      {items.map((child) => (
        <CanvasNode key={child} id={child} columns={columns} />
      ))}
      {!items.length && <div className="tessera-designer-hint">{translate(lang, 'designerUi.emptyContainer')}</div>}
      {here && (
        <div style={{ gridColumn: '1 / -1' }}>
          <Indicator after refused={target.verdict.ok ? undefined : target.verdict.message[lang]} />
        </div>
      )}
    </div>
  );
}

function TabsNode({ id, json }: { id: string; json: JsonObject }) {
  const { state, dispatch, lang, readOnly } = useDesigner();
  const doc = state.editor.doc;
  const panes = childrenOf(doc, id);
  const [active, setActive] = useState<string>();
  // The selected node's pane shows (a selection made in the outline opens its pane).
  const selected = state.editor.selection;
  const shown = panes.find((pane) => pane === selected || containsNode(doc, pane, selected)) ?? active ?? panes[0];
  const columns = Number((json.props as { columns?: number } | undefined)?.columns ?? 1);
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
      items={panes.map((pane) => ({
        key: pane,
        label: titleOf(nodeOf(doc, pane) ?? {}, 'pane', lang),
        forceRender: true,
        children: <Slot id={pane} columns={columns} />,
      }))}
    />
  );
}

function containsNode(doc: Parameters<typeof childrenOf>[0], root: string, id: string | null): boolean {
  if (!id) return false;
  const stack = [root];
  while (stack.length) {
    const at = stack.pop()!;
    if (at === id) return true;
    stack.push(...childrenOf(doc, at));
  }
  return false;
}

function NodeBody({ id, json }: { id: string; json: JsonObject }) {
  const { state, lang } = useDesigner();
  const kind = kindOfNode(state.editor.doc, id);
  if (kind === 'field') return <FieldPreview json={json} />;
  const props = (json.props ?? {}) as { columns?: number };
  switch (json.type) {
    case 'list':
    case 'form': {
      const columns = Number(json.columns ?? (json.modal as { columns?: number } | undefined)?.columns ?? 2);
      return (
        <FormScope>
          <Slot id={id} columns={columns} />
        </FormScope>
      );
    }
    case 'grid':
      return <Slot id={id} columns={Number(props.columns ?? 2)} />;
    case 'tab':
      return <TabsNode id={id} json={json} />;
    case 'card':
      return (
        <Card size="small" title={titleOf(json, 'node', lang)}>
          <Slot id={id} columns={Number(props.columns ?? 1)} />
        </Card>
      );
    default:
      return childrenOf(state.editor.doc, id).length || Array.isArray(json.children) ? <Slot id={id} /> : null;
  }
}

/** A node on the canvas: selectable, draggable, a drop place before or after it. */
export function CanvasNode({ id, columns = 1 }: { id: string; columns?: number }) {
  const { state, dispatch, target, issues, lang, readOnly, marks } = useDesigner();
  const doc = state.editor.doc;
  const json = nodeOf(doc, id);
  const mark = marks?.get(id);
  const kind = kindOfNode(doc, id);
  const drag = useDraggable({ id: nodeDragId(id), disabled: readOnly });
  const drop = useDroppable({ id: itemDropId(id) });
  if (!json || !kind) return null;
  const selected = state.editor.selection === id;
  const problems = issues.get(id);
  const here = target && target.over === itemDropId(id);
  const span = Math.min(Math.max(1, Number(json.columnSpan ?? (kind === 'field' ? 1 : columns))), columns);
  const label = `${titleOf(json, kind, lang)}${typeof json.key === 'string' && kind === 'field' ? ` · ${json.key}` : ''}`;
  return (
    <div
      ref={(element) => {
        drag.setNodeRef(element);
        drop.setNodeRef(element);
      }}
      {...drag.attributes}
      {...drag.listeners}
      tabIndex={-1}
      role="treeitem"
      aria-selected={selected}
      aria-label={label}
      data-node-id={id}
      data-node-type={String(json.type ?? 'pane')}
      className={[
        'tessera-designer-node',
        `is-${kind}`,
        selected ? 'is-selected' : '',
        problems ? 'is-invalid' : '',
        drag.isDragging ? 'is-dragging' : '',
        mark ? `is-patch-${mark}` : '',
      ].join(' ')}
      data-patch={mark}
      style={{ gridColumn: `span ${span}` }}
      onClick={(event) => {
        event.stopPropagation();
        dispatch({ type: 'select', id });
      }}
    >
      <span className="tessera-designer-label">{label}</span>
      {problems && (
        <Tooltip title={problems.map((issue) => issue.message[lang]).join('\n')}>
          <span className="tessera-designer-problem" role="note">
            {problems[0].message[lang]}
          </span>
        </Tooltip>
      )}
      {here && !target.after && (
        <Indicator after={false} refused={target.verdict.ok ? undefined : target.verdict.message[lang]} />
      )}
      <NodeBody id={id} json={json} />
      {here && target.after && (
        <Indicator after refused={target.verdict.ok ? undefined : target.verdict.message[lang]} />
      )}
    </div>
  );
}

/** The page: its body nodes, one below the other, and the page's own drop place. */
export function Canvas() {
  const { dispatch } = useDesigner();
  return (
    <div className="tessera-designer-canvas" onClick={() => dispatch({ type: 'select', id: ROOT_ID })}>
      <FormScope>
        <Slot id={ROOT_ID} />
      </FormScope>
    </div>
  );
}
