/**
 * "Leaving with unsaved changes asks first" for in-app navigation (issue 14; docs/designer.md):
 * a menu click, a link, the browser's back or forward while a designer is dirty opens a confirm,
 * and the page stays unless the user agrees. A reload or tab close is the browser's own
 * beforeunload prompt (the designers add it) and the draft covers it.
 *
 * The app runs on a BrowserRouter, not a data router, so React Router's useBlocker is not
 * available, and switching the root to createBrowserRouter would add its data layer to the first
 * page's budget (tests/build/first-page-size.test.ts). Instead, while dirty:
 * - the router's navigator (what navigate() and <Link> call) asks before push / replace;
 * - a capturing popstate listener on window runs before the router's own (at the target, capture
 *   listeners come first) and hides a back/forward from it: the browser is sent back to where it
 *   was (the router keeps its `idx` in history.state, so the distance is known), then asked.
 */
import { App as AntdApp } from 'antd';
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';

type Move = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Move;
  replace: Move;
}

const indexOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/**
 * Guards navigation away while `dirty`. Answers `pass`: runs a navigation the page already
 * confirmed itself (the designer's own Back button asks with its own dialog) without asking again.
 */
export function useLeaveGuard(dirty: boolean, question: string): { pass: (go: () => void) => void } {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { modal } = AntdApp.useApp();
  const passing = useRef(false);
  const questionRef = useRef(question);
  questionRef.current = question;
  const location = useLocation();
  // A confirmed move that kept this page mounted (same route, other search) guards again.
  useEffect(() => {
    passing.current = false;
  }, [location]);

  useEffect(() => {
    if (!dirty) return;
    const target = navigator as unknown as PatchableNavigator;
    let asking = false;
    const ask = (go: () => void) => {
      if (asking) return;
      asking = true;
      modal.confirm({
        title: questionRef.current,
        okButtonProps: { danger: true },
        onOk: () => {
          asking = false;
          passing.current = true;
          go();
        },
        onCancel: () => {
          asking = false;
        },
      });
    };

    const { push, replace } = target;
    const guarded =
      (move: Move): Move =>
      (...args) => {
        if (passing.current) return move.apply(target, args);
        ask(() => move.apply(target, args));
      };
    target.push = guarded(push);
    target.replace = guarded(replace);

    const here = indexOf(window.history.state);
    let undoing = false;
    const onPop = (event: PopStateEvent) => {
      if (undoing) {
        // The browser returning to where it was: nobody else needs to know.
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const there = indexOf(event.state);
      if (passing.current || here === undefined || there === undefined || there === here) return;
      event.stopImmediatePropagation();
      const distance = there - here;
      undoing = true;
      window.history.go(-distance);
      ask(() => window.history.go(distance));
    };
    window.addEventListener('popstate', onPop, true);
    return () => {
      target.push = push;
      target.replace = replace;
      window.removeEventListener('popstate', onPop, true);
    };
  }, [dirty, navigator, modal]);

  return {
    pass: (go) => {
      passing.current = true;
      go();
    },
  };
}
