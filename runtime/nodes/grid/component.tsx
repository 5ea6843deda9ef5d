/**
 * The grid node in a page body: its children in `props.columns` columns (default 2), each child
 * spanning its columnSpan; gaps from props.columnGap / rowGap (default 16). Inside a form the
 * compiler's FormGrid is used instead (definition.ts); this is the page-level rendering.
 */
import { Col, Row } from 'antd';
import type { PageNode } from '../../../protocol/page-schema';
import { ContainerChild, ContainerFormScope, childKey } from './children';

export interface GridNodeSchema {
  type: 'grid';
  key?: string;
  props?: { columns?: number; columnGap?: number; rowGap?: number };
  children: (PageNode & { columnSpan?: number })[];
}

const GRID_UNITS = 24;

export function GridNode({ node, recordId }: { node: GridNodeSchema; recordId?: string }) {
  const columns = Math.min(12, Math.max(1, Math.floor(node.props?.columns ?? 2)));
  const unit = GRID_UNITS / columns;
  const children = Array.isArray(node.children) ? node.children : [];
  return (
    <ContainerFormScope>
      <Row
        className="tessera-grid"
        data-node-key={node.key}
        gutter={[node.props?.columnGap ?? 16, node.props?.rowGap ?? 16]}
      >
        {children.map((child, index) => (
          <Col
            key={childKey(child, index)}
            span={Math.min(GRID_UNITS, Math.round(unit * Math.max(1, Number(child.columnSpan) || 1)))}
          >
            <ContainerChild node={child} recordId={recordId} />
          </Col>
        ))}
      </Row>
    </ContainerFormScope>
  );
}
