/**
 * The task form's settings of a report over one of the app's tables (action `tableReport`,
 * docs/scheduler.md "Reports over the app's tables"): the module table, the fields of its rows, or
 * one field to group by with a count (and a sum of a number field), the row limit, and whether
 * the message carries a text table or links an xlsx / csv file. The server checks every name
 * against the registry at save. Filters and sorts are set through the API's `query`; the form
 * keeps a stored task's filters (and its sorts when it lists rows) when it saves.
 */
import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { isSuccess } from '../../../protocol/codes';
import { useRuntime, useT } from '../../react/context';
import type { TaskConfig } from './api';

export interface TableReportValues {
  table?: string;
  fields?: string[];
  groupBy?: string;
  sumKey?: string;
  limit?: number;
  output?: 'message' | 'xlsx' | 'csv';
}

export function tableReportValues(config: TaskConfig): TableReportValues {
  const query = (config.query ?? {}) as {
    showFields?: string[];
    groupBy?: string[];
    measures?: { fn: string; key?: string }[];
  };
  return {
    table: config.table,
    fields: query.showFields,
    groupBy: query.groupBy?.[0],
    sumKey: query.measures?.find((m) => m.fn === 'sum')?.key,
    limit: config.limit ?? 20,
    output: config.output ?? 'message',
  };
}

/** Keys of a stored query the form does not edit (filters, sorts): kept on save. */
const KEPT = ['querys', 'relate'];

export function tableReportConfig(values: TableReportValues, stored?: TaskConfig['query']): TaskConfig {
  const kept = Object.fromEntries(Object.entries(stored ?? {}).filter(([key]) => KEPT.includes(key)));
  const shape = values.groupBy
    ? {
        groupBy: [values.groupBy],
        measures: [
          { fn: 'count', as: 'count' },
          ...(values.sumKey ? [{ fn: 'sum', key: values.sumKey, as: `sum_${values.sumKey}` }] : []),
        ],
      }
    : { showFields: values.fields ?? [], ...(stored?.sorts ? { sorts: stored.sorts } : {}) };
  const query = { ...kept, ...shape };
  return { table: values.table, query, limit: values.limit ?? 20, output: values.output ?? 'message' };
}

/** The app's module tables, for the table picker (the common API's list of the module table). */
function useModuleTables(): { value: string; label: string }[] {
  const { request, tablePrefix } = useRuntime();
  const [tables, setTables] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    void request<{ list: { table_name: string; title?: unknown }[] }>({
      method: 'POST',
      url: `common/${tablePrefix ?? 'tessera_sys_'}module/list`,
      body: { showFields: ['table_name', 'title'], isPage: true, current: 1, pageSize: 1000 },
    }).then(
      (answer) =>
        isSuccess(answer.code) &&
        setTables(
          answer.data.list.map((m) => ({
            value: m.table_name,
            label: typeof m.title === 'string' && m.title ? `${m.title} (${m.table_name})` : m.table_name,
          })),
        ),
      () => undefined,
    );
  }, [request, tablePrefix]);
  return tables;
}

export function TableReportFields() {
  const t = useT();
  const tables = useModuleTables();
  const groupBy = (Form.useWatch('groupBy') as string | undefined)?.trim();
  return (
    <>
      <Form.Item name="table" label={t('tasks.table')} rules={[{ required: true, message: t('tasks.tableRequired') }]}>
        <Select showSearch optionFilterProp="label" options={tables} data-testid="task-table" />
      </Form.Item>
      <Form.Item name="groupBy" label={t('tasks.groupBy')} extra={t('tasks.groupByHint')}>
        <Input allowClear maxLength={64} data-testid="task-group-by" />
      </Form.Item>
      {!groupBy && (
        <Form.Item name="fields" label={t('tasks.fields')} extra={t('tasks.fieldsHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="task-fields" />
        </Form.Item>
      )}
      {groupBy && (
        <Form.Item name="sumKey" label={t('tasks.sumKey')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="limit" label={t('tasks.limit')}>
        <InputNumber min={1} max={1000} />
      </Form.Item>
      <Form.Item name="output" label={t('tasks.sendAs')}>
        <Radio.Group
          options={[
            { value: 'message', label: t('tasks.sendAs.message') },
            { value: 'xlsx', label: 'Excel (xlsx)' },
            { value: 'csv', label: 'CSV' },
          ]}
        />
      </Form.Item>
    </>
  );
}
