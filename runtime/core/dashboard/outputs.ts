/**
 * The output names of a binding's groups and measures, as the server names them
 * (docs/dashboards.md "Body"): a group is its `as`, else its key, else `<key>_<bucket>`; a measure
 * its `as`, else `<fn>_<key>`, else `count`.
 */
import type { GroupBySpec, MeasureSpec } from '../../../protocol/aggregate-query';
import type { DataBinding } from './types';

export interface GroupOutput {
  name: string;
  key: string;
  bucket?: GroupBySpec['bucket'];
}

export function groupOutputs(binding: Pick<DataBinding, 'groupBy'>): GroupOutput[] {
  return (binding.groupBy ?? []).map((group) => {
    const spec: GroupBySpec = typeof group === 'string' ? { key: group } : group;
    return {
      name: spec.as ?? (spec.bucket ? `${spec.key}_${spec.bucket}` : spec.key),
      key: spec.key,
      bucket: spec.bucket,
    };
  });
}

export function measureOutputs(binding: Pick<DataBinding, 'measures'>): string[] {
  const measures: MeasureSpec[] = binding.measures?.length ? binding.measures : [{ fn: 'count' }];
  return measures.map((m) => m.as ?? (m.key ? `${m.fn}_${m.key}` : 'count'));
}
