/**
 * The live preview of a binding's data under the query builder: the aggregate answer as a small
 * table (group labels in the admin's language), asked again 400 ms after the binding last changed,
 * so typing does not send a request per key. The server's message when it refuses (a removed
 * field, a sum over text, no permission) is shown as it is.
 */
import { Alert, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { AggregateResult } from '../../../protocol/aggregate-query';
import type { DataBinding } from '../../../runtime/core/dashboard/types';
import { groupOutputs, measureOutputs } from '../../../runtime/core/dashboard/outputs';
import { useRuntime, useT } from '../../../runtime/react/context';
import { previewData } from './api';

const PREVIEW_ROWS = 8;

function cell(row: Record<string, unknown>, name: string, lang: 'zh' | 'en'): string {
  const label = row[`${name}_label`] as { zh: string; en: string } | null | undefined;
  if (label) return label[lang];
  const value = row[name];
  if (value === null || value === undefined) return '—';
  return typeof value === 'number'
    ? value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 })
    : String(value);
}

export function DataPreview({ binding }: { binding: DataBinding }) {
  const { request, lang } = useRuntime();
  const t = useT();
  const [answer, setAnswer] = useState<{ ok: true; data: AggregateResult } | { ok: false; message: string }>();
  const [loading, setLoading] = useState(false);
  const text = JSON.stringify(binding);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = window.setTimeout(() => {
      previewData(request, JSON.parse(text) as DataBinding)
        .then((next) => live && setAnswer(next))
        .catch((error: Error) => live && setAnswer({ ok: false, message: error.message }))
        .finally(() => live && setLoading(false));
    }, 400);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [request, text]);
  const columns = [...groupOutputs(binding).map((g) => g.name), ...measureOutputs(binding)];
  return (
    <div data-testid="data-preview" style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('dashDesigner.livePreview')}</Typography.Text>
      {answer && !answer.ok ? (
        <Alert type="error" showIcon style={{ marginTop: 6 }} message={answer.message} />
      ) : (
        <Table
          size="small"
          style={{ marginTop: 6 }}
          loading={loading}
          pagination={false}
          rowKey="__row"
          dataSource={
            answer?.ok ? answer.data.list.slice(0, PREVIEW_ROWS).map((row, index) => ({ ...row, __row: index })) : []
          }
          columns={columns.map((name) => ({
            key: name,
            title: name,
            ellipsis: true,
            render: (_: unknown, row: Record<string, unknown>) => cell(row, name, lang),
          }))}
          footer={answer?.ok ? () => t('dashDesigner.previewRows', { n: answer.data.groups }) : undefined}
        />
      )}
    </div>
  );
}
