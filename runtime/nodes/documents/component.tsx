/**
 * The documents node in a page body: `props.mode` 'edit' is the doc page (admins write), 'read' the
 * doc/readme page (every signed-in user reads). Fetched on first use (runtime/nodes/components.ts):
 * antd's Tree and the pages' code never weigh on other pages; CodeMirror is a further chunk that
 * only the editor fetches.
 */
// This node's catalog joins the shared one when it loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
import { DocumentsAdmin } from './DocumentsAdmin';
import { Readme } from './Readme';

export interface DocumentsNodeSchema {
  type: 'documents';
  key?: string;
  props?: { mode?: 'edit' | 'read' };
}

export function DocumentsNode({ node }: { node: DocumentsNodeSchema }) {
  return node.props?.mode === 'read' ? <Readme /> : <DocumentsAdmin />;
}
