/**
 * The ActionUi of runtime/actions over antd: message for notices, Modal.confirm for the delete
 * dialog. Hook-based APIs (not the static ones) so notices render inside the host's ConfigProvider
 * theme and locale; render the returned holder once in the node.
 *
 * The antd part (action-ui-host.tsx) is fetched and mounted on the first notice or confirm, not
 * with the page: a read-only list never shows one, and Modal + message were a large share of the
 * script a list page parsed before its first row. Calls made while it loads wait for it.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActionUi } from '../../actions/types';
import { useRuntime, useT } from '../../react/context';
import type { ActionUiApis } from './action-ui-host';

// Only the chunk's function, fetched with the host when a secret is shown.
const secretDialog = () => import('./action-ui-host').then((host) => host.showSecret);

const ActionUiHost = lazy(() => import('./action-ui-host'));

/** A notice that stays until closed (the list's export progress), keyed so a later open replaces it. */
export interface LastingNotice {
  open(key: string, text: string): void;
  close(key: string): void;
}

export function useActionUi(): [ActionUi, ReactNode, LastingNotice] {
  const { lang } = useRuntime();
  const t = useT();
  const [mounted, setMounted] = useState(false);
  const apis = useRef<ActionUiApis | null>(null);
  const waiting = useRef<((ready: ActionUiApis) => void)[]>([]);

  const onReady = useCallback((ready: ActionUiApis | null) => {
    apis.current = ready;
    if (ready) for (const resume of waiting.current.splice(0)) resume(ready);
  }, []);
  /** Runs `use` with the antd APIs, mounting the host first if it is not there yet. */
  const withApis = useCallback((use: (ready: ActionUiApis) => void) => {
    if (apis.current) return use(apis.current);
    waiting.current.push(use);
    setMounted(true);
  }, []);

  const ui = useMemo<ActionUi>(
    () => ({
      lang,
      t,
      success: (text) => withApis((ready) => void ready.message.success(text)),
      warning: (text) => withApis((ready) => void ready.message.warning(text)),
      confirm: ({ title, content }) =>
        new Promise<boolean>((resolve) => {
          withApis((ready) =>
            ready.modal.confirm({
              title,
              content,
              okText: t('runtime.modal.ok'),
              cancelText: t('runtime.modal.cancel'),
              okButtonProps: { danger: true },
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            }),
          );
        }),
      showSecret: (options) =>
        withApis((ready) => {
          void secretDialog().then((show) => show(ready.modal, { ...options, okText: t('runtime.modal.ok') }));
        }),
    }),
    [lang, t, withApis],
  );
  // Which lasting notices are open: a close that comes before the host has arrived cancels the
  // queued open instead of leaving a loading notice that nothing removes.
  const lasting = useRef(new Map<string, number>());
  const notice = useMemo<LastingNotice>(() => {
    let opened = 0;
    return {
      open: (key, text) => {
        const ticket = ++opened;
        lasting.current.set(key, ticket);
        withApis((ready) => {
          if (lasting.current.get(key) === ticket)
            void ready.message.open({ key, type: 'loading', content: text, duration: 0 });
        });
      },
      close: (key) => {
        lasting.current.delete(key);
        apis.current?.message.destroy(key);
      },
    };
  }, [withApis]);
  const holder = mounted ? (
    <Suspense fallback={null}>
      <ActionUiHost onReady={onReady} />
    </Suspense>
  ) : null;
  return [ui, holder, notice];
}
