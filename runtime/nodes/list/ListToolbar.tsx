/**
 * The list's header buttons (building-blocks §2): 新增, 批量删除, 导入, 导出, 显隐列设置 as the
 * schema's actions allow, and the view switch (表格 / 卡片 / 甘特图) when it offers several views.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { createElement } from 'react';
import { useT } from '../../react/context';
import { lazyComponent } from '../../react/lazy-component';
import type { ListAction, ListView } from './definition';
import type { ViewSwitch as ViewSwitchType } from './ViewSwitch';

// Only lists that offer several views show the switch: its Segmented code is fetched then.
export const ViewSwitch = lazyComponent<Parameters<typeof ViewSwitchType>[0]>(
  () => import('./ViewSwitch').then((m) => m.ViewSwitch),
  () => createElement('span', { className: 'tessera-lazy-pending', style: { display: 'inline-block', minHeight: 32 } }),
);

export function ListToolbar(props: {
  actions: ReadonlySet<ListAction>;
  views: readonly ListView[];
  view: ListView;
  onView(view: ListView): void;
  on(action: 'add' | 'batchDelete' | 'export' | 'import' | 'columns'): void;
}) {
  const t = useT();
  const { actions, on } = props;
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
      {actions.has('columns') && props.view === 'table' && (
        <Tooltip title={t('list.columns.button')}>
          <Button aria-label={t('list.columns.button')} icon={<SettingOutlined />} onClick={() => on('columns')} />
        </Tooltip>
      )}
    </Space>
  );
}
