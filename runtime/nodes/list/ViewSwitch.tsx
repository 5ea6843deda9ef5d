/** The list's view switch (表格 / 卡片 / 甘特图), shown when the schema offers several views. */
import { AppstoreOutlined, BarsOutlined, ProjectOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../react/context';
import type { ListView } from './definition';

const VIEW_ICONS: Record<ListView, ReactNode> = {
  table: <BarsOutlined />,
  card: <AppstoreOutlined />,
  gantt: <ProjectOutlined />,
};

export function ViewSwitch(props: { views: readonly ListView[]; view: ListView; onView(view: ListView): void }) {
  const t = useT();
  return (
    <Segmented<ListView>
      className="tessera-list-views"
      value={props.view}
      onChange={props.onView}
      options={props.views.map((v) => ({ value: v, icon: VIEW_ICONS[v], label: t(`list.view.${v}`) }))}
    />
  );
}
