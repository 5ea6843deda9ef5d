/**
 * The flows node in a page body: `props.mode` 'admin' is the flow page, 'backlog' the to-do list.
 * Fetched on first use (runtime/nodes/components.ts), so neither weighs on other pages.
 */
// This node's catalog joins the shared one when it loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
import { Backlog } from './Backlog';
import { FlowAdmin } from './FlowAdmin';

export interface FlowsNodeSchema {
  type: 'flows';
  key?: string;
  props?: { mode?: 'admin' | 'backlog' };
}

export function FlowsNode({ node }: { node: FlowsNodeSchema }) {
  return node.props?.mode === 'admin' ? <FlowAdmin /> : <Backlog />;
}
