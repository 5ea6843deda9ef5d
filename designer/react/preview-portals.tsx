/**
 * The canvas's field previews, rendered outside @dnd-kit's DndContext and shown in their frames
 * through portals. While dragging, DndContext renders two or three times per pointer move with new
 * context values, and React 18 walks every fiber below a changed provider looking for its readers:
 * with the 300 runtime forms below it that was ~27,000 fibers per walk, ~180,000 per pointer move
 * (docs/benchmarks-log.md, issue 14 session 2). Rendered from here, the previews (~19,500 fibers)
 * are not below it, and pointer events still reach the frame: the preview takes none
 * (designer.css, `inert`).
 *
 * The previews render in the same commit as their frames, with no registration in between: the
 * list of previews comes from the canvas's document (the canvas store), each preview renders into a
 * host element made on demand by `PreviewHosts` (keyed by node id), and the frame's ref moves that
 * element into its `.tessera-designer-field`. Registering from the frames' layout effects instead
 * cost a second synchronous render of all ~300 previews before the first paint (issue 14 session 3).
 */
import { createContext, memo, useCallback, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormBody } from '../../runtime/react/FormBody';
import type { SchemaNode } from '../../protocol/page-schema';
import { childrenOf, kindOfNode, nodeOf, ROOT_ID, type DesignDocument, type JsonObject } from '../core';
import { useCanvas } from './canvas-store';

/** Where each field's preview renders: one element per node id, made when first asked for. */
export interface PreviewHosts {
  host: (id: string) => HTMLElement;
  /** Forgets the hosts of fields no longer on the canvas. */
  keep: (ids: ReadonlySet<string>) => void;
}

export function createPreviewHosts(): PreviewHosts {
  const hosts = new Map<string, HTMLElement>();
  return {
    host: (id) => {
      let host = hosts.get(id);
      if (!host) {
        host = document.createElement('div');
        host.className = 'tessera-designer-preview';
        hosts.set(id, host);
      }
      return host;
    },
    keep: (ids) => {
      for (const id of hosts.keys()) if (!ids.has(id)) hosts.delete(id);
    },
  };
}

export const PreviewHostsContext = createContext<PreviewHosts | null>(null);

/** The fields the canvas frames, grouped by the Formily form they share: their list's or form's. */
export interface PreviewScope {
  id: string;
  fields: { id: string; json: JsonObject }[];
}

/**
 * The canvas's fields as Canvas.tsx frames them: every node below the page's root, a field's own
 * children not (its frame shows the field only), grouped by the nearest list or form above (the
 * page's loose fields by the root).
 */
export function previewScopes(doc: DesignDocument): PreviewScope[] {
  const scopes = new Map<string, PreviewScope>();
  const visit = (id: string, scope: string) => {
    for (const child of childrenOf(doc, id)) {
      const json = nodeOf(doc, child);
      const kind = kindOfNode(doc, child);
      if (!json || !kind) continue;
      if (kind === 'field') {
        let group = scopes.get(scope);
        if (!group) scopes.set(scope, (group = { id: scope, fields: [] }));
        group.fields.push({ id: child, json });
      } else visit(child, json.type === 'list' || json.type === 'form' ? child : scope);
    }
  };
  visit(ROOT_ID, ROOT_ID);
  return [...scopes.values()];
}

/**
 * One field as operators see it: the runtime compiles and renders it; the designer only frames it.
 * Memoised on the field's JSON: an edit copies only the path to the edited node (designer/core), so
 * a keystroke re-renders the edited field's preview only.
 */
const FieldPreviewBody = memo(function FieldPreviewBody({ json }: { json: JsonObject }) {
  const nodes = useMemo(() => [json as unknown as SchemaNode], [json]);
  // Formily keeps a field's state (required, validators, options) from its first render, so once
  // the field is edited its preview gets a form of its own, made anew with each JSON: 必填 switched
  // on shows its mark at once. Until then it shares its scope's form (a form costs ~1 ms to make;
  // opening 300 fields makes none), and an undo back to the first JSON returns to that form.
  const first = useRef(json);
  const own = useMemo(() => (json === first.current ? undefined : createForm()), [json]);
  const body = <FormBody nodes={nodes} columns={1} onWarning={IGNORE_WARNING} />;
  return own ? <FormProvider form={own}>{body}</FormProvider> : body;
});

/** Stable, so the memoised preview is not re-rendered for a new callback each time. */
const IGNORE_WARNING = () => undefined;

/**
 * The frame's place for the field's preview: its ref moves the field's host element in (a moved
 * field's new frame takes it from the old one) and out again when the frame goes.
 */
export const FieldHost = memo(function FieldHost({ id }: { id: string }) {
  const hosts = useContext(PreviewHostsContext);
  if (!hosts) throw new Error('FieldHost must be used inside the designer panes');
  const frame = useRef<HTMLElement | null>(null);
  const setFrame = useCallback(
    (element: HTMLDivElement | null) => {
      const host = hosts.host(id);
      if (element) {
        // Inert: a click selects the field instead of typing in it; its inputs take no focus.
        element.setAttribute('inert', '');
        element.appendChild(host);
      } else if (frame.current && host.parentNode === frame.current) {
        frame.current.removeChild(host);
      }
      frame.current = element;
    },
    [hosts, id],
  );
  return <div className="tessera-designer-field" ref={setFrame} />;
});

const PortalPreview = memo(function PortalPreview({ host, json }: { host: HTMLElement; json: JsonObject }) {
  return createPortal(<FieldPreviewBody json={json} />, host);
});

/** A list's or form's fields inside one Formily form, made when the scope first shows. */
function ScopePreviews({ hosts, scope }: { hosts: PreviewHosts; scope: PreviewScope }) {
  const form = useMemo(() => createForm(), []);
  return (
    <FormProvider form={form}>
      {scope.fields.map((field) => (
        <PortalPreview key={field.id} host={hosts.host(field.id)} json={field.json} />
      ))}
    </FormProvider>
  );
}

/**
 * Every field's preview on the canvas, each in its frame. Render it inside the canvas store
 * (CanvasSource) and outside the drag layer; it re-renders when the document changes, not on a
 * selection or a pointer move.
 */
export function PreviewPortals({ hosts }: { hosts: PreviewHosts }) {
  const doc = useCanvas((s) => s.doc);
  const scopes = useMemo(() => previewScopes(doc), [doc]);
  useLayoutEffect(() => {
    hosts.keep(new Set(scopes.flatMap((scope) => scope.fields.map((field) => field.id))));
  }, [hosts, scopes]);
  return (
    <>
      {scopes.map((scope) => (
        <ScopePreviews key={scope.id} hosts={hosts} scope={scope} />
      ))}
    </>
  );
}
