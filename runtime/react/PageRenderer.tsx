/**
 * <PageRenderer schema>: renders a page's `body` nodes with the components bound to their types
 * (runtime/nodes/components.ts). A type with no component, or a node that throws while rendering,
 * shows a visible error box in its place; the rest of the page keeps working.
 */
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { textOf, type PageNode, type PageSchema } from '../../protocol/page-schema';
import { getNodeComponent } from './bindings';
import { useRuntime, useT } from './context';
import { Heading } from './Heading';

export interface PageRendererProps {
  schema: PageSchema;
  /** Show the page title above the body (default false: the shell's tab or menu names the page). */
  showTitle?: boolean;
  /** The record a form node opens in edit/detail mode, when the route names one. */
  recordId?: string;
}

// antd's Alert is fetched only when a page has a broken node: a working page never shows it. Until
// it arrives the same message shows as plain text, so the failure is never invisible.
const NodeErrorAlert = lazy(() => import('./NodeErrorAlert'));
function NodeError({ message }: { message: string }) {
  return (
    <Suspense fallback={<div role="alert">{message}</div>}>
      <NodeErrorAlert message={message} />
    </Suspense>
  );
}

class NodeBoundary extends Component<
  { fallback: (error: Error) => ReactNode; children: ReactNode },
  { error?: Error }
> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept for developers: the box shows the message, the console the component stack.
    console.error('[tessera] a page node failed to render', error, info.componentStack);
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * One page node with its bound component and an error boundary: what container nodes (grid, tab)
 * use for their children. Node components are bound from outside (runtime/nodes/components.ts,
 * imported by the shell's runtime-bindings): this adapter imports no node, so no module cycle.
 */
export function NodeRenderer(props: { node: PageNode; recordId?: string }) {
  return <NodeView {...props} />;
}

function NodeView({ node, recordId }: { node: PageNode; recordId?: string }) {
  const t = useT();
  const type = typeof node?.type === 'string' ? node.type : String(node?.type);
  const NodeComponent = getNodeComponent(type);
  if (!NodeComponent) {
    return <NodeError message={t('runtime.page.unknownNode', { type })} />;
  }
  return (
    <NodeBoundary fallback={(error) => <NodeError message={t('runtime.page.nodeError', { message: error.message })} />}>
      <NodeComponent node={node} recordId={recordId} />
    </NodeBoundary>
  );
}

export function PageRenderer({ schema, showTitle = false, recordId }: PageRendererProps) {
  const { lang } = useRuntime();
  const body = Array.isArray(schema?.body) ? schema.body : [];
  return (
    <div className="tessera-page">
      {showTitle && schema.title !== undefined && <Heading level={4}>{textOf(schema.title, lang)}</Heading>}
      {body.map((node, index) => (
        <div
          className="tessera-page-node"
          key={(typeof node?.key === 'string' && node.key) || `${node?.type}-${index}`}
          style={{ marginBottom: 16 }}
        >
          <NodeView node={node} recordId={recordId} />
        </div>
      ))}
    </div>
  );
}
