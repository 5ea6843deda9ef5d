/**
 * The dashboard's toolbar: its filters (a date range, dictionary fields), the chip of the filter a
 * chart click set, the refresh button with the last update time, and the PNG export.
 */
import { Button, DatePicker, Select, Space, Tag, Tooltip } from 'antd';
import { CameraOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { textOf } from '../../../protocol/page-schema';
import type { CrossFilter, FilterValue, FilterValues } from '../../core/dashboard/query';
import type { DashboardFilter } from '../../core/dashboard/types';
import { appDictApi } from '../../core/data/dict';
import { dictLabel } from '../../core/format';
import { useRuntime, useT } from '../../react/context';

function DictFilter({
  filter,
  value,
  onChange,
}: {
  filter: Extract<DashboardFilter, { kind: 'dict' }>;
  value: FilterValue;
  onChange: (v: FilterValue) => void;
}) {
  const { loadDict, lang } = useRuntime();
  const t = useT();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    loadDict(appDictApi(filter.dict))
      .then(
        (items) =>
          live &&
          setOptions(
            items.map((item) => ({
              value: String(item.value),
              label:
                lang === 'en' && typeof item.label_en === 'string' && item.label_en
                  ? item.label_en
                  : dictLabel(item, lang),
            })),
          ),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loadDict, filter.dict, lang]);
  const title = filter.title !== undefined ? textOf(filter.title, lang) : filter.field;
  return (
    <Select
      allowClear
      mode={filter.multiple ? 'multiple' : undefined}
      data-filter={filter.key}
      aria-label={title}
      placeholder={`${title}: ${t('dashboard.all')}`}
      style={{ minWidth: 160 }}
      options={options}
      value={value as string | string[] | undefined}
      onChange={(v) => onChange(v as FilterValue)}
    />
  );
}

export function FilterBar(props: {
  filters: readonly DashboardFilter[];
  values: FilterValues;
  onChange: (key: string, value: FilterValue) => void;
  cross?: CrossFilter;
  onClearCross: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  updatedAt?: number;
  refreshSeconds?: number;
  onExport: () => void;
}) {
  const { lang } = useRuntime();
  const t = useT();
  return (
    <div
      className="tessera-dashboard-bar"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}
    >
      <Space wrap>
        {props.filters.map((filter) =>
          filter.kind === 'dateRange' ? (
            <span key={filter.key} data-filter={filter.key} className="tessera-dashboard-date">
              <DatePicker.RangePicker
                aria-label={filter.title !== undefined ? textOf(filter.title, lang) : t('dashboard.dateRange')}
                allowClear
                value={
                  Array.isArray(props.values[filter.key])
                    ? ((props.values[filter.key] as number[]).map((ms) => dayjs(ms)) as [Dayjs, Dayjs])
                    : null
                }
                onChange={(range) =>
                  props.onChange(
                    filter.key,
                    range && range[0] && range[1]
                      ? [range[0].startOf('day').valueOf(), range[1].endOf('day').valueOf()]
                      : undefined,
                  )
                }
              />
            </span>
          ) : (
            <DictFilter
              key={filter.key}
              filter={filter}
              value={props.values[filter.key]}
              onChange={(v) => props.onChange(filter.key, v)}
            />
          ),
        )}
        {props.cross && (
          <Tag
            closable
            color="blue"
            onClose={props.onClearCross}
            className="tessera-cross-filter"
            closeIcon={<span aria-label={t('dashboard.clearFilter')}>×</span>}
          >
            {t('dashboard.crossFilter', { label: props.cross.label })}
          </Tag>
        )}
      </Space>
      <span style={{ flex: 1 }} />
      <Space>
        {props.updatedAt !== undefined && (
          <Tooltip
            title={props.refreshSeconds ? t('dashboard.autoRefresh', { seconds: props.refreshSeconds }) : undefined}
          >
            <span style={{ fontSize: 12, opacity: 0.75 }}>
              {t('dashboard.updatedAt', { time: dayjs(props.updatedAt).format('HH:mm:ss') })}
            </span>
          </Tooltip>
        )}
        <Button
          icon={<ReloadOutlined spin={props.refreshing} />}
          onClick={props.onRefresh}
          data-testid="dashboard-refresh"
        >
          {t('dashboard.refresh')}
        </Button>
        <Button icon={<CameraOutlined />} onClick={props.onExport} data-testid="dashboard-export">
          {t('dashboard.exportPng')}
        </Button>
      </Space>
    </div>
  );
}
