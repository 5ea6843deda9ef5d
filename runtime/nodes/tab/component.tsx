/**
 * The tab node in a page body: one antd tab per pane, titled in the runtime's language, each pane's
 * children stacked. Panes mount lazily except the active one, so a list in a hidden pane loads
 * only when opened; fields of every pane share one form (see grid/children.tsx).
 * With `props.query` the active pane is the page address's parameter of that name (an unknown or
 * missing value opens the first pane) and switching panes rewrites it; a pane with `showIf` shows
 * only while the host condition of that name holds (./pane-conditions.ts); `props.destroyInactive`
 * unmounts a pane when it is left, so a form in it shows fresh values when opened again.
 */
import { Tabs } from 'antd';
import { useState } from 'react';
import { textOf, type PageNode } from '../../../protocol/page-schema';
import { useRuntime } from '../../react/context';
import { usePageQuery } from '../../react/page-query';
import { ContainerChild, ContainerFormScope, childKey } from '../grid/children';
import type { TabPane } from './definition';
import { paneShown } from './pane-conditions';

export interface TabNodeSchema {
  type: 'tab';
  key?: string;
  props?: { type?: 'line' | 'card'; query?: string; destroyInactive?: boolean };
  children: TabPane[];
}

const paneKey = (pane: TabPane, index: number) => pane.key ?? `__pane_${index}`;

export function TabNode({ node, recordId }: { node: TabNodeSchema; recordId?: string }) {
  const { lang } = useRuntime();
  const pageQuery = usePageQuery();
  const [chosen, setChosen] = useState<string>();
  const panes = (Array.isArray(node.children) ? node.children : [])
    .map((pane, index) => ({ pane, key: paneKey(pane, index) }))
    .filter(({ pane }) => paneShown(pane.showIf));
  const param = node.props?.query;
  const inAddress = param && pageQuery ? pageQuery : undefined;
  const wanted = inAddress ? inAddress.get(param!) : chosen;
  const active = panes.some((p) => p.key === wanted) ? wanted! : panes[0]?.key;
  return (
    <ContainerFormScope>
      <Tabs
        className="tessera-tab"
        data-node-key={node.key}
        type={node.props?.type}
        activeKey={active}
        destroyOnHidden={node.props?.destroyInactive}
        onChange={(key) => (inAddress ? inAddress.set(param!, key) : setChosen(key))}
        items={panes.map(({ pane, key }) => ({
          key,
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
