/**
 * The list's header buttons (building-blocks §2): 新增, 批量删除, 导入, 导出, 显隐列设置 as the
 * schema's actions allow, and the view switch (表格 / 卡片 / 甘特图) when it offers several views.
 */
import { AppstoreOutlined, BarsOutlined, ProjectOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../react/context';
import type { ListAction, ListView } from './definition';

const VIEW_ICONS: Record<ListView, ReactNode> = {
  table: <BarsOutlined />,
  card: <AppstoreOutlined />,
  gantt: <ProjectOutlined />,
};

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
      {props.views.length > 1 && (
        <Segmented<ListView>
          className="tessera-list-views"
          value={props.view}
          onChange={props.onView}
          options={props.views.map((v) => ({ value: v, icon: VIEW_ICONS[v], label: t(`list.view.${v}`) }))}
        />
      )}
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
