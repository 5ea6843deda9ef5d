/**
 * The query builder of a chart or stat card: the table (only those the admin may read), groups (a
 * field, its dictionary labels come with it; a date takes a bucket), measures (only those the
 * field allows: no sum over text), joined tables through reference fields (their columns join the
 * fields of groups and measures), conditions, sort, top-N with "others". It edits the widget's
 * `data` binding — the aggregate contract itself, so what is built is what the widget runs.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DATE_BUCKETS, type GroupBySpec, type MeasureSpec } from '../../../protocol/aggregate-query';
import type { SourceField, SourceTable } from '../../../protocol/dashboard-sources';
import { QUERY_RULES, type QueryCondition, type QueryRule } from '../../../protocol/list-query';
import { textOf } from '../../../protocol/page-schema';
import { groupOutputs, measureOutputs } from '../../../runtime/core/dashboard/outputs';
import type { DataBinding } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { joinedFields, measureFnsFor } from '../../core/dashboard';
import { fieldLabel } from './field-label';
import { JoinsEditor } from './JoinsEditor';

interface Props {
  binding: DataBinding;
  /** A stat card has no groups: one number (its sparkline is its own setting). */
  groups: boolean;
  sources: readonly SourceTable[];
  onChange: (binding: DataBinding, field: string) => void;
  onBlur: () => void;
}

const VALUELESS: readonly QueryRule[] = ['IS_NULL', 'IS_NOT_NULL'];
const RULES: readonly QueryRule[] = QUERY_RULES.filter(
  (rule) => !['INCLUDE_OR', 'INCLUDE_AND', 'BETWEEN'].includes(rule),
);

const specOf = (group: string | GroupBySpec): GroupBySpec => (typeof group === 'string' ? { key: group } : group);
/** A plain group stays a string (as the committed dashboards write it). */
const groupOf = (spec: GroupBySpec): string | GroupBySpec => (spec.bucket || spec.as ? spec : spec.key);

export function QueryBuilder({ binding, groups, sources, onChange, onBlur }: Props) {
  const { lang } = useRuntime();
  const t = useT();
  const source = sources.find((s) => s.table === binding.table);
  // Groups and measures may use the joined tables' columns; conditions only the table's own.
  const ownFields = source?.fields ?? [];
  const fields = [...ownFields, ...joinedFields(binding, sources)];
  const fieldOf = (key: string | undefined) => fields.find((f) => f.key === key);
  const fieldOptions = (only?: (field: SourceField) => boolean, from: readonly SourceField[] = fields) =>
    from.filter((f) => !only || only(f)).map((f) => ({ value: f.key, label: fieldLabel(f, f.key, lang) }));
  const set = (patch: Partial<DataBinding>, tag: string) => {
    const next: DataBinding = { ...binding, ...patch };
    for (const [key, value] of Object.entries(patch))
      if (value === undefined || (Array.isArray(value) && !value.length))
        delete (next as never as Record<string, unknown>)[key];
    onChange(next, tag);
  };
  const groupSpecs = (binding.groupBy ?? []).map(specOf);
  const measures: MeasureSpec[] = binding.measures ?? [];
  const conditions: QueryCondition[] = binding.querys ?? [];
  const outputs = [...groupOutputs(binding).map((g) => g.name), ...measureOutputs(binding)];

  return (
    <Form layout="vertical" size="small" component={false}>
      <Form.Item label={t('dashDesigner.table')} style={{ marginBottom: 10 }}>
        <div data-testid="qb-table">
          <Select
            style={{ width: '100%' }}
            showSearch
            value={binding.table}
            optionFilterProp="label"
            status={source ? undefined : 'error'}
            onChange={(table: string) =>
              // A new table: the fields of the old one mean nothing there.
              onChange({ table, measures: [{ fn: 'count' }] }, 'table')
            }
            options={sources.map((s) => ({
              value: s.table,
              label: s.title ? `${textOf(s.title, lang)} · ${s.table}` : s.table,
            }))}
          />
        </div>
      </Form.Item>

      <JoinsEditor binding={binding} sources={sources} onChange={onChange} />

      {groups && (
        <Form.Item label={t('dashDesigner.groupBy')} style={{ marginBottom: 10 }}>
          {groupSpecs.map((spec, index) => {
            const field = fieldOf(spec.key);
            const update = (next: GroupBySpec) =>
              set({ groupBy: groupSpecs.map((g, i) => groupOf(i === index ? next : g)) }, `group.${index}`);
            return (
              <Space.Compact key={index} block style={{ marginBottom: 4 }} data-testid={`qb-group-${index}`}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  style={{ flex: 1, minWidth: 0 }}
                  value={spec.key}
                  status={field ? undefined : 'error'}
                  onChange={(key: string) =>
                    update({ key, ...(fieldOf(key)?.kind === 'date' ? { bucket: spec.bucket ?? 'month' } : {}) })
                  }
                  options={fieldOptions()}
                />
                {field?.kind === 'date' && (
                  <Select
                    style={{ width: 96 }}
                    aria-label={t('dashDesigner.bucket')}
                    value={spec.bucket}
                    allowClear
                    onChange={(bucket) => update({ key: spec.key, ...(bucket ? { bucket } : {}) })}
                    options={DATE_BUCKETS.map((b) => ({ value: b, label: t(`dashDesigner.bucket.${b}`) }))}
                  />
                )}
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('dashDesigner.remove')}
                  onClick={() => set({ groupBy: groupSpecs.filter((_, i) => i !== index).map(groupOf) }, 'groups')}
                />
              </Space.Compact>
            );
          })}
          {groupSpecs.length < 3 && (
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                const first = fields.find((f) => f.labelled) ?? fields.find((f) => f.kind === 'text') ?? fields[0];
                if (first)
                  set(
                    {
                      groupBy: [
                        ...groupSpecs.map(groupOf),
                        groupOf({ key: first.key, ...(first.kind === 'date' ? { bucket: 'month' as const } : {}) }),
                      ],
                    },
                    'groups',
                  );
              }}
            >
              {t('dashDesigner.addGroup')}
            </Button>
          )}
        </Form.Item>
      )}

      <Form.Item label={t('dashDesigner.measures')} style={{ marginBottom: 10 }}>
        {measures.map((measure, index) => {
          const update = (next: MeasureSpec) =>
            set({ measures: measures.map((m, i) => (i === index ? next : m)) }, `measure.${index}`);
          const fns = measureFnsFor(fieldOf(measure.key));
          return (
            <Space.Compact key={index} block style={{ marginBottom: 4 }} data-testid={`qb-measure-${index}`}>
              <Select
                style={{ width: 110 }}
                value={measure.fn}
                onChange={(fn) =>
                  update({
                    ...measure,
                    fn,
                    ...(fn === 'count' ? {} : { key: measure.key ?? fields.find((f) => f.kind === 'number')?.key }),
                  })
                }
                options={(measure.key ? fns : ['count', 'countDistinct', 'sum', 'avg', 'min', 'max']).map((fn) => ({
                  value: fn,
                  label: t(`dashDesigner.fn.${fn}`),
                }))}
              />
              <Select
                showSearch
                allowClear
                optionFilterProp="label"
                style={{ flex: 1, minWidth: 0 }}
                placeholder={t('dashDesigner.rows')}
                value={measure.key}
                status={measure.key && !fieldOf(measure.key) ? 'error' : undefined}
                onChange={(key?: string) => {
                  const allowed = measureFnsFor(fieldOf(key));
                  const { key: _old, ...rest } = measure;
                  update(
                    key
                      ? { ...rest, key, fn: allowed.includes(measure.fn) ? measure.fn : 'count' }
                      : { ...rest, fn: 'count' },
                  );
                }}
                options={fieldOptions(
                  (f) =>
                    measure.fn === 'count' || measure.fn === 'countDistinct' || measureFnsFor(f).includes(measure.fn),
                )}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('dashDesigner.remove')}
                disabled={measures.length <= 1}
                onClick={() => set({ measures: measures.filter((_, i) => i !== index) }, 'measures')}
              />
            </Space.Compact>
          );
        })}
        {measures.length < 10 && (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              const number = fields.find((f) => f.kind === 'number');
              set(
                {
                  measures: [
                    ...(measures.length ? measures : [{ fn: 'count' as const }]),
                    number ? { fn: 'sum', key: number.key } : { fn: 'count' },
                  ],
                },
                'measures',
              );
            }}
          >
            {t('dashDesigner.addMeasure')}
          </Button>
        )}
      </Form.Item>

      <Form.Item label={t('dashDesigner.conditions')} style={{ marginBottom: 10 }}>
        {conditions.map((condition, index) => {
          const update = (next: QueryCondition) =>
            set({ querys: conditions.map((c, i) => (i === index ? next : c)) }, `condition.${index}`);
          const rule = String(condition.rule) as QueryRule;
          return (
            <Space.Compact key={index} block style={{ marginBottom: 4 }}>
              <Select
                showSearch
                optionFilterProp="label"
                style={{ flex: 1, minWidth: 0 }}
                value={condition.key}
                onChange={(key: string) => update({ ...condition, key })}
                options={fieldOptions(undefined, ownFields)}
              />
              <Select
                style={{ width: 100 }}
                value={rule}
                onChange={(next: QueryRule) => update({ ...condition, rule: next })}
                options={RULES.map((r) => ({ value: r, label: t(`dashDesigner.rule.${r}`) }))}
              />
              {!VALUELESS.includes(rule) && (
                <Input
                  style={{ width: 90 }}
                  placeholder={t('dashDesigner.value')}
                  value={condition.value === undefined ? '' : String(condition.value)}
                  onChange={(event) => update({ ...condition, value: event.target.value })}
                  onBlur={onBlur}
                />
              )}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('dashDesigner.remove')}
                onClick={() => set({ querys: conditions.filter((_, i) => i !== index) }, 'conditions')}
              />
            </Space.Compact>
          );
        })}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          disabled={!ownFields.length}
          onClick={() =>
            set({ querys: [...conditions, { key: ownFields[0].key, rule: 'EQUAL', value: '' }] }, 'conditions')
          }
        >
          {t('dashDesigner.addCondition')}
        </Button>
      </Form.Item>

      {groups && (
        <Space align="end" wrap style={{ marginBottom: 10 }}>
          <Form.Item label={t('dashDesigner.sort')} style={{ marginBottom: 0 }}>
            <Select
              style={{ width: 150 }}
              allowClear
              placeholder={t('dashDesigner.sortDefault')}
              value={binding.sort?.[0] ? `${binding.sort[0].key}:${binding.sort[0].order ?? 'asc'}` : undefined}
              onChange={(value?: string) => {
                if (!value) return set({ sort: undefined }, 'sort');
                const [key, order] = value.split(':') as [string, 'asc' | 'desc'];
                set({ sort: [{ key, order }] }, 'sort');
              }}
              options={outputs.flatMap((name) => [
                { value: `${name}:asc`, label: `${name} ↑` },
                { value: `${name}:desc`, label: `${name} ↓` },
              ])}
            />
          </Form.Item>
          <Form.Item label={t('dashDesigner.limit')} style={{ marginBottom: 0 }}>
            <InputNumber
              style={{ width: 80 }}
              min={1}
              max={1000}
              value={binding.limit ?? null}
              onChange={(limit) => set({ limit: limit ?? undefined, ...(limit ? {} : { others: undefined }) }, 'limit')}
              onBlur={onBlur}
            />
          </Form.Item>
          <Form.Item label={t('dashDesigner.others')} style={{ marginBottom: 0 }}>
            <Switch
              size="small"
              disabled={!binding.limit}
              checked={binding.others === true}
              onChange={(others) => set({ others: others || undefined }, 'others')}
            />
          </Form.Item>
        </Space>
      )}
    </Form>
  );
}
