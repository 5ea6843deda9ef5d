/**
 * Linkage cycles (issue 14, bad input: "A sets B sets A"). The runtime stops a cycle from looping
 * (runtime/core/linkage clears each field once), but the form it makes never settles: each field
 * clears the other. The designer names every field on a cycle, per form, from the same plan the
 * runtime builds (linkageKeys and the placeholders a dictApi/linkageApi reads) and the keys a
 * computed value (valueFn) reads, so what is
 * reported is exactly what would run.
 */
import type { FieldDefinition } from '../../protocol/page-schema';
import { buildLinkagePlan } from '../../runtime/core/linkage/plan';
import { walkPage } from '../../runtime/core/schema/walk';
import { nodeAtPointer } from './document';
import { keysRead } from './expression-keys';
import type { DesignDocument } from './types';

export interface LinkageCycle {
  /** Field ids on the cycle, in document order. */
  ids: string[];
  keys: string[];
}

/** Strongly connected components of more than one node (iterative Tarjan: a long chain cannot overflow). */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component);
      }
    }
  }
  return found;
}

export function linkageCycles(doc: DesignDocument): LinkageCycle[] {
  const scopes = new Map<string, { field: FieldDefinition; pointer: string }[]>();
  for (const { field, pointer, scope } of walkPage(doc.schema).fields) {
    scopes.set(scope, [...(scopes.get(scope) ?? []), { field, pointer }]);
  }
  const cycles: LinkageCycle[] = [];
  for (const fields of scopes.values()) {
    const plan = buildLinkagePlan(fields.map((entry) => entry.field));
    const edges = new Map<string, string[]>();
    const link = (from: string, to: string) => edges.set(from, [...(edges.get(from) ?? []), to]);
    for (const dependent of plan.dependents.values()) {
      for (const parent of dependent.parents) link(parent.key, dependent.key);
    }
    // A computed value (valueFn) is set from the fields it reads: B = f(A) and A = g(B) never settle.
    for (const { field } of fields)
      for (const key of keysRead(field.valueFn)) if (key !== field.key) link(key, field.key);
    for (const component of cyclesOf(edges)) {
      const members = fields.filter((entry) => component.includes(entry.field.key));
      cycles.push({
        ids: members.map((entry) => nodeAtPointer(doc, entry.pointer)),
        keys: members.map((entry) => entry.field.key),
      });
    }
  }
  return cycles;
}
