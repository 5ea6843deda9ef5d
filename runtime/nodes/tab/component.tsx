/**
 * The tab node in a page body: one antd tab per pane, titled in the runtime's language, each pane's
 * children stacked. Panes mount lazily except the active one, so a list in a hidden pane loads
 * only when opened; fields of every pane share one form (see grid/children.tsx).
 */
import { Tabs } from 'antd';
import { textOf, type PageNode } from '../../../protocol/page-schema';
import { useRuntime } from '../../react/context';
import { ContainerChild, ContainerFormScope, childKey } from '../grid/children';
import type { TabPane } from './definition';

export interface TabNodeSchema {
  type: 'tab';
  key?: string;
  props?: { type?: 'line' | 'card' };
  children: TabPane[];
}

export function TabNode({ node, recordId }: { node: TabNodeSchema; recordId?: string }) {
  const { lang } = useRuntime();
  const panes = Array.isArray(node.children) ? node.children : [];
  return (
    <ContainerFormScope>
      <Tabs
        className="tessera-tab"
        data-node-key={node.key}
        type={node.props?.type}
        items={panes.map((pane, index) => ({
          key: pane.key ?? `__pane_${index}`,
          label: textOf(pane.title, lang),
          children: (pane.children ?? []).map((child, i) => (
            <div key={childKey(child, i)} style={{ marginBottom: 16 }}>
              <ContainerChild node={child as unknown as PageNode} recordId={recordId} />
            </div>
          )),
        }))}
      />
    </ContainerFormScope>
  );
}
