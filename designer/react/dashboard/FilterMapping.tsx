/**
 * A data widget's dashboard filters (its `filterFields`, docs/dashboards.md "Filters and refresh"):
 * per filter that may reach its table, the field of its own it narrows — one of the table's fields
 * of the filter's kind — or that it does not apply. Choosing the filter's own field drops the entry,
 * so the JSON names only what differs. The filter card's reach line reads the same node.
 */
import { Form, Select } from 'antd';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { textOf } from '../../../protocol/page-schema';
import type { DashboardFilter, DashboardWidget } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { filterFieldChoices, filterFieldOf, type DashCommand } from '../../core/dashboard';
import { fieldLabel } from './field-label';

/** The select's value for "does not apply" (a field key is a column name: never this). */
const NONE = ' none';

interface Props {
  widget: DashboardWidget;
  filters: readonly DashboardFilter[];
  sources: readonly SourceTable[];
  run: (command: DashCommand) => void;
}

export function FilterMapping({ widget, filters, sources, run }: Props) {
  const { lang } = useRuntime();
  const t = useT();
  const rows = filters
    .map((filter) => ({ filter, choices: filterFieldChoices(widget, filter, sources) }))
    .filter((row) => row.choices.length > 0);
  if (!rows.length) return null;
  return (
    <Form layout="vertical" size="small" component={false}>
      <Form.Item label={t('dashDesigner.filterMapping')} style={{ marginBottom: 10 }}>
        <div data-testid="filter-mapping">
          {rows.map(({ filter, choices }) => (
            <div key={filter.key} style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 4 }}>
              <span style={{ flex: '0 0 30%', fontSize: 12 }}>
                {filter.title !== undefined ? textOf(filter.title, lang) : filter.key}
              </span>
              <Select
                size="small"
                style={{ flex: 1, minWidth: 0 }}
                data-testid={`filter-map-${filter.key}`}
                aria-label={filter.title !== undefined ? textOf(filter.title, lang) : filter.key}
                value={filterFieldOf(widget, filter, sources) ?? NONE}
                onChange={(value: string) =>
                  run({
                    type: 'filterField',
                    key: widget.key,
                    filter: filter.key,
                    field: value === NONE ? null : value === filter.field ? undefined : value,
                  })
                }
                options={[
                  ...choices.map((field) => ({
                    value: field.key,
                    label: t('dashDesigner.filterThrough', { field: fieldLabel(field, field.key, lang) }),
                  })),
                  { value: NONE, label: t('dashDesigner.filterNotApply') },
                ]}
              />
            </div>
          ))}
        </div>
      </Form.Item>
    </Form>
  );
}
