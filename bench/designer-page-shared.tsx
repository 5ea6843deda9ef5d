/**
 * Open timing for the designer benchmark's two pages: performance.now() before createRoot().render,
 * then every frame until `ready()` holds (all the page's fields are in the DOM), and the first frame
 * after that. The same clock on both pages, so their ratio compares like with like.
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    /** render() → the first frame in which every field is on the page. */
    __openMs?: number;
    __opened?: boolean;
  }
}

export function mountUntil(element: ReactNode, ready: () => boolean): void {
  const start = performance.now();
  createRoot(document.getElementById('root')!).render(element);
  const check = () => {
    if (!ready()) return requestAnimationFrame(check);
    requestAnimationFrame(() => {
      window.__openMs = performance.now() - start;
      window.__opened = true;
    });
  };
  requestAnimationFrame(check);
}
