/**
 * Mount timing for the benchmark pages: performance.now() before createRoot().render, in the root's
 * layout effect (every field committed) and after the next frame (FormGrid, for one, lays its
 * children out after the commit, in observers). Field count from ?n=.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    /** render() → every field committed (the root's layout effect). */
    __mountMs?: number;
    /** render() → the first frame after the commit has been produced (post-commit layout work included). */
    __paintMs?: number;
    __painted?: boolean;
  }
}

function Timed({ start, children }: { start: number; children: ReactNode }) {
  useLayoutEffect(() => {
    window.__mountMs = performance.now() - start;
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__paintMs = performance.now() - start;
        window.__painted = true;
      }),
    );
  }, [start]);
  return <>{children}</>;
}

export function mount(build: (count: number) => ReactNode) {
  const count = Number(new URLSearchParams(location.search).get('n') ?? 500);
  const start = performance.now();
  createRoot(document.getElementById('root')!).render(<Timed start={start}>{build(count)}</Timed>);
}
