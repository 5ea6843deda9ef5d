/**
 * The flows node in a page body: `props.mode` 'admin' is the flow page, 'backlog' the to-do list.
 * Fetched on first use (runtime/nodes/components.ts), so neither weighs on other pages.
 */
// This node's catalog joins the shared one when it loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
import { Backlog } from './Backlog';
import { FlowAdmin } from './FlowAdmin';
import { RecordTimeline } from './RecordTimeline';

export interface FlowsNodeSchema {
  type: 'flows';
  key?: string;
  /**
   * 'admin' and 'backlog' are the page schemas' modes; 'timeline' (with the record's table and id)
   * is how the list's detail view shows the record's approvals (runtime/nodes/list/RecordModal).
   */
  props?: { mode?: 'admin' | 'backlog' } | { mode: 'timeline'; table: string; id: string };
}

export function FlowsNode({ node }: { node: FlowsNodeSchema }) {
  const props = node.props;
  if (props?.mode === 'timeline') return <RecordTimeline table={props.table} id={props.id} />;
  return props?.mode === 'admin' ? <FlowAdmin /> : <Backlog />;
}
