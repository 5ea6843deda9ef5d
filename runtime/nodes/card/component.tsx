/**
 * The card node in a page body: an antd Card titled in the runtime's language, its children
 * stacked; fields among them share one form (see grid/children.tsx).
 */
import { Card } from 'antd';
import { textOf, type PageNode, type Text } from '../../../protocol/page-schema';
import { useRuntime } from '../../react/context';
import { ContainerChild, ContainerFormScope, childKey } from '../grid/children';

export interface CardNodeSchema {
  type: 'card';
  key?: string;
  title?: Text;
  props?: { size?: 'default' | 'small' };
  children: PageNode[];
}

export function CardNode({ node, recordId }: { node: CardNodeSchema; recordId?: string }) {
  const { lang } = useRuntime();
  const children = Array.isArray(node.children) ? node.children : [];
  return (
    <ContainerFormScope>
      <Card
        className="tessera-card"
        data-node-key={node.key}
        size={node.props?.size}
        title={node.title !== undefined ? textOf(node.title, lang) : undefined}
      >
        {children.map((child, index) => (
          <div key={childKey(child, index)} style={{ marginBottom: index === children.length - 1 ? 0 : 16 }}>
            <ContainerChild node={child} recordId={recordId} />
          </div>
        ))}
      </Card>
    </ContainerFormScope>
  );
}
