/**
 * The canvas's field previews, rendered outside @dnd-kit's DndContext and shown in their frames
 * through portals. While dragging, DndContext renders two or three times per pointer move with new
 * context values, and React 18 walks every fiber below a changed provider looking for its readers:
 * with the 300 runtime forms below it that was ~27,000 fibers per walk, ~180,000 per pointer move
 * (docs/benchmarks-log.md, issue 14 session 2). Rendered from here, the previews (~19,500 fibers)
 * are not below it; the DOM is the same (the preview's elements inside the frame's
 * `.tessera-designer-field`), and pointer events still reach the frame: the preview takes none
 * (designer.css, `inert`).
 */
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { createForm, type Form } from '@formily/core';
import { FormProvider, useForm } from '@formily/react';
import { FormBody } from '../../runtime/react/FormBody';
import type { SchemaNode } from '../../protocol/page-schema';
import type { JsonObject } from '../core';

/** One field's preview: where it shows, what it renders and the form of its list or form. */
export interface PreviewEntry {
  id: string;
  host: HTMLElement;
  json: JsonObject;
  form: Form | undefined;
}

/** The canvas's fields by node id; `version` changes with every registration. */
export interface PreviewRegistry {
  entries: () => ReadonlyMap<string, PreviewEntry>;
  version: () => number;
  put: (entry: PreviewEntry) => void;
  /** Only when `host` is still the field's host (a moved field is mounted anew before this runs). */
  remove: (id: string, host: HTMLElement) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPreviewRegistry(): PreviewRegistry {
  const entries = new Map<string, PreviewEntry>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version++;
    for (const listener of [...listeners]) listener();
  };
  return {
    entries: () => entries,
    version: () => version,
    put: (entry) => {
      entries.set(entry.id, entry);
      changed();
    },
    remove: (id, host) => {
      if (entries.get(id)?.host !== host) return;
      entries.delete(id);
      changed();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const PreviewRegistryContext = createContext<PreviewRegistry | null>(null);

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

const setInert = (element: HTMLElement | null) => element?.setAttribute('inert', '');

/**
 * The frame's place for the field's preview. With a registry (the designer's panes) the preview is
 * rendered by PreviewPortals; without one, here.
 */
export const FieldHost = memo(function FieldHost({ id, json }: { id: string; json: JsonObject }) {
  const registry = useContext(PreviewRegistryContext);
  const form = useForm() as Form | undefined;
  const host = useRef<HTMLDivElement | null>(null);
  const setHost = useCallback((element: HTMLDivElement | null) => {
    host.current = element;
    setInert(element);
  }, []);
  useLayoutEffect(() => {
    if (registry && host.current) registry.put({ id, host: host.current, json, form });
  }, [registry, id, json, form]);
  useLayoutEffect(() => {
    const element = host.current;
    return () => {
      if (registry && element) registry.remove(id, element);
    };
  }, [registry, id]);
  return (
    <div
      className="tessera-designer-field"
      // Inert: a click selects the field instead of typing in it; its inputs take no focus.
      ref={setHost}
    >
      {registry ? null : <FieldPreviewBody json={json} />}
    </div>
  );
});

const PortalPreview = memo(function PortalPreview({ entry }: { entry: PreviewEntry }) {
  const body = <FieldPreviewBody json={entry.json} />;
  return createPortal(entry.form ? <FormProvider form={entry.form}>{body}</FormProvider> : body, entry.host);
});

/** Every registered field's preview, each in its frame. Render it outside the drag layer. */
export function PreviewPortals({ registry }: { registry: PreviewRegistry }) {
  useSyncExternalStore(registry.subscribe, registry.version, registry.version);
  return (
    <>
      {[...registry.entries().values()].map((entry) => (
        <PortalPreview key={entry.id} entry={entry} />
      ))}
    </>
  );
}
