/**
 * Counts which components React rendered, per commit, through the devtools hook React looks for
 * when react-dom loads — so import this module before anything that imports react-dom (before
 * tests/dom-setup.ts). Counts, never timings: a render-count test fails when an optimisation that
 * spared renders regresses (issue 23).
 */

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
}

// Function, class, forwardRef, memo and simple memo components; PerformedWork is flag 1.
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
const PERFORMED_WORK = 1;

const counts = new Map<string, number>();
const commitListeners = new Set<() => void>();

function nameOf(type: unknown): string {
  const t = type as { displayName?: string; name?: string; render?: unknown; type?: unknown } | undefined;
  if (!t) return 'anonymous';
  return t.displayName || t.name || (t.render ? nameOf(t.render) : t.type ? nameOf(t.type) : 'anonymous');
}

/** Walks only the parts of the tree this commit touched: a bailed-out subtree keeps its child fibers. */
function walk(fiber: Fiber | null): void {
  for (let f = fiber; f; f = f.sibling) {
    const rendered = !f.alternate || (f.flags & PERFORMED_WORK) !== 0;
    if (COMPONENT_TAGS.has(f.tag) && rendered) counts.set(nameOf(f.type), (counts.get(nameOf(f.type)) ?? 0) + 1);
    if (f.child && (!f.alternate || f.child !== f.alternate.child)) walk(f.child);
  }
}

(globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  isDisabled: false,
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
    walk(root.current.child);
    for (const listener of commitListeners) listener();
  },
};

/** Calls `listener` after each commit, with the DOM as that commit left it; returns the unsubscribe. */
export function onCommit(listener: () => void): () => void {
  commitListeners.add(listener);
  return () => commitListeners.delete(listener);
}

/** Components rendered (or mounted) since the last call, by name. */
export function takeRenders(): Map<string, number> {
  const taken = new Map(counts);
  counts.clear();
  return taken;
}
