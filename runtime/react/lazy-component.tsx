/**
 * A component whose code is fetched the first time it renders (a per-type dynamic import, which
 * Vite splits into its own chunk), so a page parses only the widgets and nodes it shows: a list
 * page's cells use the headless formatters and need none of the 40-odd edit components.
 *
 * Unlike a bare React.lazy, once the module has arrived the component renders synchronously (no
 * Suspense round trip per new instance), and `preload()` lets a caller fetch ahead of rendering.
 * While loading, a Suspense fallback of the caller's choosing keeps the layout (a field-sized box
 * by default, so a form does not jump when its inputs arrive).
 */
import { createElement, lazy, Suspense, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';

export interface LazyComponent<P = any> {
  (props: P): ReactNode;
  displayName?: string;
  /** Fetches the module (once); resolves when the component renders without suspending. */
  preload(): Promise<void>;
  /** True once the module has arrived. */
  readonly loaded: boolean;
}

/** A field-high placeholder: the height of an antd middle-size input. */
const FIELD_PLACEHOLDER: CSSProperties = { display: 'inline-block', minHeight: 32, width: '100%' };
export const fieldPlaceholder = () => (
  <span className="tessera-lazy-pending" aria-busy="true" style={FIELD_PLACEHOLDER} />
);

/**
 * `load` imports the module and answers its component:
 *   lazyComponent(() => import('./input/component').then((m) => m.InputWidget))
 */
export function lazyComponent<P = any>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => ReactNode = fieldPlaceholder,
): LazyComponent<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (loaded) => {
        component = loaded;
      },
      (error: unknown) => {
        // A failed chunk (network) reaches the nearest error boundary through the render; a later
        // preload() asks again rather than keep the failure.
        pending = undefined;
        throw error;
      },
    ));
  const Deferred = lazy(async () => {
    await preload();
    return { default: component! };
  });
  function Lazy(props: P): ReactNode {
    // Each instance keeps the element shape it mounted with: one that mounted through Suspense
    // must not switch to the direct element when the module arrives, or React would remount the
    // widget on its next render and lose its state (an open dropdown closes after the first pick).
    const [direct] = useState(() => component !== undefined);
    if (direct) return createElement(component as ComponentType<any>, props as any);
    return <Suspense fallback={fallback()}>{createElement(Deferred as ComponentType<any>, props as any)}</Suspense>;
  }
  Lazy.preload = preload;
  Object.defineProperty(Lazy, 'loaded', { get: () => component !== undefined });
  return Lazy as LazyComponent<P>;
}

/** Whether a bound component is a lazy one (so callers can preload it). */
export function isLazyComponent(value: unknown): value is LazyComponent {
  return typeof value === 'function' && typeof (value as Partial<LazyComponent>).preload === 'function';
}
