/**
 * The dashboard's own settings, shown when no widget is selected: its title, the auto-refresh
 * interval, the time zone of date buckets, and the dashboard-wide filters — a date range or a
 * dictionary field, offered from the fields the widgets on the grid share, each saying which
 * widgets it reaches (designer/core/dashboard filterReach: the runtime's own rule).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { textOf, type Text } from '../../../protocol/page-schema';
import type { DashboardFilter, DashboardNodeSchema } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { filterCandidates, filterReach, uniqueWidgetKey, type DashCommand } from '../../core/dashboard';
import { fieldLabel } from './field-label';

const REFRESH_CHOICES = [0, 30, 60, 300, 900, 3600];

interface Props {
  node: DashboardNodeSchema;
  sources: readonly SourceTable[];
  run: (command: DashCommand) => void;
  onBlur: () => void;
}

const withText = (text: Text | undefined, lang: 'zh' | 'en', value: string): Text | undefined => {
  const base = typeof text === 'string' ? { zh: text } : { ...(text ?? { zh: '' }) };
  const next = { ...base, [lang]: value } as { zh: string; en?: string };
  if (!next.en) delete next.en;
  return next.zh || next.en ? (next as Text) : undefined;
};

export function DashboardSettings({ node, sources, run, onBlur }: Props) {
  const { lang } = useRuntime();
  const t = useT();
  const filters = node.filters ?? [];
  const setFilters = (next: DashboardFilter[], tag = 'filters') =>
    run({ type: 'dashboard', filters: next, coalesce: tag });
  const setFilter = (index: number, patch: Partial<DashboardFilter>, tag: string) =>
    setFilters(
      filters.map((f, i) => (i === index ? ({ ...f, ...patch } as DashboardFilter) : f)),
      `filter.${index}.${tag}`,
    );
  const refresh = node.props?.refresh ?? 0;
  const fieldTitle = (key: string) => {
    for (const source of sources) {
      const field = source.fields.find((f) => f.key === key);
      if (field) return field.title;
    }
    return undefined;
  };
  const addFilter = (kind: DashboardFilter['kind']) => {
    const candidate = filterCandidates(node, kind, sources).find((c) => !filters.some((f) => f.field === c.field));
    if (!candidate) return;
    const key = uniqueWidgetKey(node, kind === 'dateRange' ? 'period' : candidate.field);
    const title = candidate.title;
    const filter: DashboardFilter =
      kind === 'dateRange'
        ? { key, kind, field: candidate.field, ...(title ? { title } : {}) }
        : { key, kind, field: candidate.field, dict: candidate.dict!, ...(title ? { title } : {}) };
    setFilters([...filters, filter]);
  };
  const props = (patch: Partial<NonNullable<DashboardNodeSchema['props']>>, tag: string) => {
    const next: Record<string, unknown> = { ...node.props, ...patch };
    for (const [key, value] of Object.entries(next))
      if (value === undefined || value === '' || value === 0) delete next[key];
    run({ type: 'dashboard', props: next as DashboardNodeSchema['props'], coalesce: tag });
  };

  return (
    <div data-testid="dashboard-settings">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('dashDesigner.dashboardSettings')}
      </Typography.Title>
      <Form layout="vertical" size="small" component={false}>
        <Form.Item label={t('dashDesigner.refresh')} style={{ marginBottom: 10 }}>
          <div data-testid="refresh-select">
            <Select
              style={{ width: '100%' }}
              value={REFRESH_CHOICES.includes(refresh) ? refresh : refresh}
              onChange={(value: number) => props({ refresh: value }, 'refresh')}
              options={[...new Set([...REFRESH_CHOICES, refresh])].map((seconds) => ({
                value: seconds,
                label:
                  seconds === 0
                    ? t('dashDesigner.refreshOff')
                    : seconds < 60
                      ? t('dashDesigner.seconds', { n: seconds })
                      : t('dashDesigner.minutes', { n: Math.round(seconds / 60) }),
              }))}
            />
          </div>
        </Form.Item>
        <Form.Item label={t('dashDesigner.timeZone')} style={{ marginBottom: 10 }}>
          <Input
            placeholder="Asia/Shanghai"
            value={node.props?.timeZone ?? ''}
            onChange={(event) => props({ timeZone: event.target.value.trim() || undefined }, 'timeZone')}
            onBlur={onBlur}
          />
        </Form.Item>
      </Form>

      <Typography.Title level={5}>{t('dashDesigner.filters')}</Typography.Title>
      {filters.map((filter, index) => {
        const reach = filterReach(node, filter, sources);
        const candidates = filterCandidates(node, filter.kind, sources);
        if (!candidates.some((c) => c.field === filter.field))
          candidates.unshift({
            field: filter.field,
            widgets: 0,
            ...(filter.kind === 'dict' ? { dict: filter.dict } : {}),
          });
        return (
          <Card key={filter.key} size="small" style={{ marginBottom: 8 }} data-testid={`filter-${filter.key}`}>
            <Space direction="vertical" style={{ width: '100%' }} size={4}>
              <Space.Compact block>
                <Input
                  aria-label={t('dashDesigner.filterTitle')}
                  placeholder={t('dashDesigner.filterTitle')}
                  value={filter.title !== undefined ? textOf(filter.title, lang) : ''}
                  onChange={(event) =>
                    setFilter(index, { title: withText(filter.title, lang, event.target.value) }, 'title')
                  }
                  onBlur={onBlur}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('dashDesigner.removeFilter')}
                  onClick={() => setFilters(filters.filter((_, i) => i !== index))}
                />
              </Space.Compact>
              <Select
                showSearch
                optionFilterProp="label"
                aria-label={t('dashDesigner.filterField')}
                style={{ width: '100%' }}
                value={filter.field}
                onChange={(field: string) => {
                  const candidate = candidates.find((c) => c.field === field);
                  // A label that was the old field's title follows the field; one the admin typed stays.
                  const old = candidates.find((c) => c.field === filter.field)?.title ?? fieldTitle(filter.field);
                  const automatic = filter.title === undefined || JSON.stringify(filter.title) === JSON.stringify(old);
                  const title = automatic ? (candidate?.title ?? fieldTitle(field)) : filter.title;
                  setFilter(
                    index,
                    { field, title, ...(filter.kind === 'dict' && candidate?.dict ? { dict: candidate.dict } : {}) },
                    'field',
                  );
                }}
                options={candidates.map((c) => ({
                  value: c.field,
                  label: `${fieldLabel({ key: c.field, kind: 'text', title: c.title ?? fieldTitle(c.field) }, c.field, lang)} (${c.widgets})`,
                }))}
              />
              {filter.kind === 'dateRange' ? (
                <Space>
                  <Typography.Text type="secondary">{t('dashDesigner.defaultDays')}</Typography.Text>
                  <InputNumber
                    size="small"
                    min={1}
                    max={36500}
                    value={filter.defaultDays ?? null}
                    onChange={(days) => setFilter(index, { defaultDays: days ?? undefined }, 'days')}
                    onBlur={onBlur}
                  />
                </Space>
              ) : (
                <Space>
                  <Typography.Text type="secondary">{t('dashDesigner.multiple')}</Typography.Text>
                  <Switch
                    size="small"
                    checked={filter.multiple === true}
                    onChange={(multiple) => setFilter(index, { multiple: multiple || undefined }, 'multiple')}
                  />
                </Space>
              )}
              <Typography.Text
                type={reach.length ? 'secondary' : 'warning'}
                style={{ fontSize: 12 }}
                data-testid="filter-reach"
              >
                {reach.length
                  ? t('dashDesigner.filterReach', { n: reach.length, keys: reach.map((r) => r.key).join('、') })
                  : t('dashDesigner.filterReachNone')}
              </Typography.Text>
            </Space>
          </Card>
        );
      })}
      <Space wrap>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!filterCandidates(node, 'dateRange', sources).length || filters.length >= 10}
          onClick={() => addFilter('dateRange')}
        >
          {t('dashDesigner.addDateFilter')}
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!filterCandidates(node, 'dict', sources).length || filters.length >= 10}
          onClick={() => addFilter('dict')}
        >
          {t('dashDesigner.addDictFilter')}
        </Button>
      </Space>
    </div>
  );
}
