/**
 * The linkage plan (building-blocks §4), built once per field list: which fields a parent clears
 * when the operator changes it (its linkageKeys, transitively: province → city → district), and
 * where each dependent loads its options from once its parents have values. Headless and pure.
 */
import type { DictApi, FieldDefinition, Text } from '../../../protocol/page-schema';
import { templateKeys } from './params';

export interface LinkageDependent {
  key: string;
  /** The dictionary the dependent loads from, with `{{ }}` params resolved against the form values. */
  source?: DictApi;
  /** Parent keys whose values are sent as params of the same name (a source without placeholders). */
  implicitParams: string[];
  /** Every field it waits for (placeholders and linkage parents), in declaration order, with titles. */
  parents: { key: string; title: Text }[];
}

export interface LinkagePlan {
  /** parent key → the fields it clears on input (transitive, without the parent itself). */
  clears: Map<string, string[]>;
  /** dependent key → how it reloads. */
  dependents: Map<string, LinkageDependent>;
  /** Parent keys (for watching); a field may be parent and dependent. */
  parents: Set<string>;
  /** Titles of the parents, for 请先选择{title}. */
  titles: Map<string, Text>;
}

export function isEmptyPlan(plan: LinkagePlan): boolean {
  return plan.clears.size === 0 && plan.dependents.size === 0;
}

export function buildLinkagePlan(fields: readonly FieldDefinition[]): LinkagePlan {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const direct = new Map<string, string[]>();
  const linkedFrom = new Map<string, string[]>();
  for (const field of fields) {
    // Unknown keys are dropped: a dependent must be a field of this form (schemas:check reports typos).
    const keys = (field.linkageKeys ?? []).filter((k) => k !== field.key && byKey.has(k));
    if (!keys.length) continue;
    direct.set(field.key, keys);
    for (const k of keys) linkedFrom.set(k, [...(linkedFrom.get(k) ?? []), field.key]);
  }

  const clears = new Map<string, string[]>();
  for (const parent of direct.keys()) {
    const seen = new Set<string>([parent]);
    const order: string[] = [];
    const queue = [...direct.get(parent)!];
    while (queue.length) {
      const key = queue.shift()!;
      if (seen.has(key)) continue; // cycles in a schema must not loop forever
      seen.add(key);
      order.push(key);
      queue.push(...(direct.get(key) ?? []));
    }
    clears.set(parent, order);
  }

  const dependents = new Map<string, LinkageDependent>();
  for (const field of fields) {
    const from = linkedFrom.get(field.key) ?? [];
    const own = field.linkageApi ?? field.dictApi;
    const inherited = own ? undefined : from.map((k) => byKey.get(k)!.linkageApi).find(Boolean);
    const source = own ?? inherited;
    const placeholders = source ? templateKeys(source).filter((k) => k !== field.key && byKey.has(k)) : [];
    if (!from.length && !placeholders.length) continue;
    // A linkage API without placeholders gets the parents' values as params named after them.
    const implicit = source && !placeholders.length && (field.linkageApi || inherited) ? from : [];
    const parentKeys = [...new Set([...from, ...placeholders])];
    dependents.set(field.key, {
      key: field.key,
      source,
      implicitParams: implicit,
      parents: parentKeys.map((k) => ({ key: k, title: byKey.get(k)!.title })),
    });
  }
  const parents = new Set([...direct.keys(), ...[...dependents.values()].flatMap((d) => d.parents.map((p) => p.key))]);
  const titles = new Map([...parents].map((k) => [k, byKey.get(k)!.title] as const));
  return { clears, dependents, parents, titles };
}
