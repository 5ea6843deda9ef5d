/**
 * The validation bridge: the checks the store runs (the meta-schema, then, when that passes, the
 * cross-references) on the document, each issue tied to the node its pointer falls in, so the
 * canvas marks that node and the settings panel the property.
 */
import { crossReferenceIssues, type CrossReferenceContext } from '../../runtime/core/schema/cross-reference';
import { validatePageIssues } from '../../runtime/core/schema/ajv-issues';
import { nodePointerOf, type SchemaIssue } from '../../runtime/core/schema/issue';
import { nodeAtPointer, pointerOfNode } from './document';
import { linkageCycles } from './linkage-cycles';
import { refuse } from './refusal';
import type { DesignDocument } from './types';

export interface NodeIssue extends SchemaIssue {
  /** The node to mark: the deepest node the issue's pointer falls in (the page at worst). */
  nodeId: string;
}

export interface DocumentValidation {
  issues: NodeIssue[];
  byNode: Map<string, NodeIssue[]>;
}

/**
 * `meta: false` skips the meta-schema (Ajv compiles validators with `new Function`, which a page
 * under the app's CSP may not run): the browser designer then leaves that check to the store's
 * dry run and still gets the cross-references and linkage cycles here.
 */
export function validateDocument(
  doc: DesignDocument,
  ctx?: CrossReferenceContext,
  options: { meta?: boolean } = {},
): DocumentValidation {
  const meta = options.meta === false ? [] : validatePageIssues(doc.schema);
  const found = meta.length ? meta : crossReferenceIssues(doc.schema, ctx);
  const issues: NodeIssue[] = found.map((issue) => ({
    ...issue,
    nodeId: nodeAtPointer(doc, nodePointerOf(issue.pointer)),
  }));
  if (!meta.length) issues.push(...cycleIssues(doc));
  const byNode = new Map<string, NodeIssue[]>();
  for (const issue of issues) byNode.set(issue.nodeId, [...(byNode.get(issue.nodeId) ?? []), issue]);
  return { issues, byNode };
}

/** One issue per field on a linkage cycle, at its linkageKeys, naming the whole cycle. */
function cycleIssues(doc: DesignDocument): NodeIssue[] {
  return linkageCycles(doc).flatMap(({ ids, keys }) =>
    ids.map((nodeId) => {
      const { code, message } = refuse('designer.linkageCycle', { cycle: [...keys, keys[0]].join(' → ') });
      return { pointer: `${pointerOfNode(doc, nodeId)}/linkageKeys`, code, message, nodeId };
    }),
  );
}
