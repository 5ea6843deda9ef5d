/** A data widget's aggregate body under the dashboard's filters (runtime/core/dashboard/query.ts). */
import type { AggregateQuery } from '../../../protocol/aggregate-query';
import type { QueryCondition } from '../../../protocol/list-query';
import { aggregateBody, filterConditions } from '../../core/dashboard/query';
import type { DataBinding } from '../../core/dashboard/types';
import { useDashboard } from './context';

export function useWidgetConditions(
  key: string,
  table: string,
  filterFields?: Record<string, string | null>,
): QueryCondition[] {
  const dashboard = useDashboard();
  return filterConditions({ key, table, filterFields }, dashboard.filters, dashboard.values, dashboard.cross);
}

export function useWidgetBody(
  key: string,
  binding: DataBinding,
  filterFields?: Record<string, string | null>,
): { body: AggregateQuery; conditions: QueryCondition[]; tick: number } {
  const dashboard = useDashboard();
  const conditions = useWidgetConditions(key, binding.table, filterFields);
  return { body: aggregateBody(binding, conditions, dashboard.timeZone), conditions, tick: dashboard.tick };
}
