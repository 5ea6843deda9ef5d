/**
 * The list's header buttons (building-blocks §2): 新增, 批量删除, 导入, 导出, 显隐列设置 as the
 * schema's actions allow, and the view switch (表格 / 卡片 / 甘特图) when it offers several views.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { createElement, useEffect, useState } from 'react';
import { useRuntime, useT } from '../../react/context';
import { lazyComponent } from '../../react/lazy-component';
import type { ListAction, ListButton, ListView } from './definition';
import { buttonTitle } from './ListTable';
import type { ViewSwitch as ViewSwitchType } from './ViewSwitch';

// Only lists that offer several views show the switch: its Segmented code is fetched then.
export const ViewSwitch = lazyComponent<Parameters<typeof ViewSwitchType>[0]>(
  () => import('./ViewSwitch').then((m) => m.ViewSwitch),
  () => createElement('span', { className: 'tessera-lazy-pending', style: { display: 'inline-block', minHeight: 32 } }),
);

/** Stands in for the buttons until they mount: same height, so nothing below moves. */
const PENDING_STYLE = { display: 'inline-block', minHeight: 32, marginLeft: 'auto' } as const;
/** A hidden tab runs no animation frames: the buttons come anyway after this long. */
const HIDDEN_TAB_FALLBACK_MS = 250;

/** False until a frame has been painted after the first render (always true when not deferred). */
function usePaintedOnce(defer: boolean): boolean {
  const [painted, setPainted] = useState(!defer);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    const fallback = setTimeout(() => setPainted(true), HIDDEN_TAB_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}

export function ListToolbar(props: {
  actions: ReadonlySet<ListAction>;
  views: readonly ListView[];
  view: ListView;
  /**
   * Mount the buttons one frame after the first paint. A page of many rows (virtual table) sets
   * it: antd's Button styles are generated on first use, and on the 10k-row benchmark that work
   * cost as much as the rest of the list's own render before its first row could be painted.
   */
  deferred?: boolean;
  onView(view: ListView): void;
  on(action: 'add' | 'batchDelete' | 'export' | 'import' | 'columns'): void;
  /** The schema's header `buttons`, each running its action with its params. */
  buttons?: ListButton[];
  onButton?(button: ListButton): void;
}) {
  const t = useT();
  const { lang } = useRuntime();
  const { actions, on } = props;
  const painted = usePaintedOnce(!!props.deferred);
  if (!painted) return <span className="tessera-list-toolbar-pending" style={PENDING_STYLE} />;
  return (
    <Space style={{ marginLeft: 'auto' }} wrap>
      {props.views.length > 1 && <ViewSwitch views={props.views} view={props.view} onView={props.onView} />}
      {actions.has('add') && (
        <Button type="primary" onClick={() => on('add')}>
          {t('runtime.list.add')}
        </Button>
      )}
      {actions.has('batchDelete') && (
        <Button danger onClick={() => on('batchDelete')}>
          {t('runtime.list.batchDelete')}
        </Button>
      )}
      {actions.has('import') && <Button onClick={() => on('import')}>{t('list.import.button')}</Button>}
      {actions.has('export') && <Button onClick={() => on('export')}>{t('list.export.button')}</Button>}
      {props.buttons?.map((button, i) => (
        <Button
          key={`button-${i}`}
          type={button.buttonType}
          danger={button.danger}
          onClick={() => props.onButton?.(button)}
        >
          {buttonTitle(button, lang)}
        </Button>
      ))}
      {actions.has('columns') && props.view === 'table' && (
        <Tooltip title={t('list.columns.button')}>
          <Button aria-label={t('list.columns.button')} icon={<SettingOutlined />} onClick={() => on('columns')} />
        </Tooltip>
      )}
    </Space>
  );
}
