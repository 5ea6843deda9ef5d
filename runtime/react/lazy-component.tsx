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
import {
  Component,
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { CHUNK_TIMEOUT_MS } from '../../protocol/constants';

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

/** A chunk that did not arrive within its time limit (the spec's ChunkLoadError after 120 s). */
export class ChunkLoadError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The code did not arrive within ${timeoutMs / 1000} s`);
    this.name = 'ChunkLoadError';
  }
}

/** Errors that came from fetching a chunk (not from rendering what arrived). */
const loadFailures = new WeakSet<object>();

function timeLimited<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface LazyOptions {
  /** Time limit of one fetch (default the spec's CHUNK_TIMEOUT_MS, 120 s). */
  timeoutMs?: number;
  /**
   * Shown in place of the component when its code failed or timed out; `retry` fetches again.
   * Without it the failure goes to the nearest error boundary.
   */
  failed?: (retry: () => void, error: Error) => ReactNode;
}

interface RetryProps {
  failed: NonNullable<LazyOptions['failed']>;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches only load failures; an error thrown by the loaded component goes on up. */
class LoadFailureBoundary extends Component<RetryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!loadFailures.has(error)) throw error;
    return this.props.failed(this.props.onRetry, error);
  }
}

/**
 * `load` imports the module and answers its component:
 *   lazyComponent(() => import('./input/component').then((m) => m.InputWidget))
 */
export function lazyComponent<P = any>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => ReactNode = fieldPlaceholder,
  options: LazyOptions = {},
): LazyComponent<P> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS;
  let component: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const makeDeferred = () =>
    lazy(async () => {
      await preload();
      return { default: component! };
    });
  const preload = () =>
    (pending ??= timeLimited(load(), timeoutMs).then(
      (loaded) => {
        component = loaded;
      },
      (error: Error) => {
        // A failed or late chunk reaches the render (the retry view, or the nearest error
        // boundary); a later preload() asks again rather than keep the failure, and the next
        // render gets a fresh React.lazy, which would otherwise keep the rejection for good.
        pending = undefined;
        Deferred = makeDeferred();
        loadFailures.add(error);
        throw error;
      },
    ));
  let Deferred = makeDeferred();
  function Lazy(props: P): ReactNode {
    // Each instance keeps the element shape it mounted with: one that mounted through Suspense
    // must not switch to the direct element when the module arrives, or React would remount the
    // widget on its next render and lose its state (an open dropdown closes after the first pick).
    const [direct] = useState(() => component !== undefined);
    const [attempt, setAttempt] = useState(0);
    if (direct) return createElement(component as ComponentType<any>, props as any);
    const body = (
      <Suspense fallback={fallback()}>{createElement(Deferred as ComponentType<any>, props as any)}</Suspense>
    );
    if (!options.failed) return body;
    return (
      <LoadFailureBoundary key={attempt} failed={options.failed} onRetry={() => setAttempt((n) => n + 1)}>
        {body}
      </LoadFailureBoundary>
    );
  }
  Lazy.preload = preload;
  Object.defineProperty(Lazy, 'loaded', { get: () => component !== undefined });
  return Lazy as LazyComponent<P>;
}

/** Whether a bound component is a lazy one (so callers can preload it). */
export function isLazyComponent(value: unknown): value is LazyComponent {
  return typeof value === 'function' && typeof (value as Partial<LazyComponent>).preload === 'function';
}
