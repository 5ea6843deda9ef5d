/**
 * DOM stubs for React tests (import this file first; use `// @vitest-environment happy-dom`).
 * antd and Formily's FormGrid read ResizeObserver and matchMedia, which happy-dom lacks; cleanup
 * unmounts between tests so portals (select dropdowns, modals) do not leak into the next one.
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; CI runs the DOM suites beside three databases on two
// cores, where a lazily loaded widget or an antd message took longer than that once (list.test add).
// Waiting longer changes no verdict: a test that should fail still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const g = globalThis as any;
if (!g.ResizeObserver) g.ResizeObserver = ResizeObserverStub;
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!(window as any).ResizeObserver) (window as any).ResizeObserver = ResizeObserverStub;
}

afterEach(() => {
  cleanup();
  if (typeof document !== 'undefined') document.body.innerHTML = '';
});
