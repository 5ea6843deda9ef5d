/**
 * One widget's aggregate query: POST common/{table}/aggregate as the viewer, asked again when the
 * body or the dashboard's refresh tick changes. A failure is the widget's own state (its message
 * in the viewer's language: no permission, a field that is gone, a timeout); the rest of the
 * dashboard keeps working.
 */
import { useEffect, useState } from 'react';
import type { AggregateQuery, AggregateResult } from '../../../protocol/aggregate-query';
import { isSuccess, ResultCode } from '../../../protocol/codes';
import { useRuntime, useT } from '../../react/context';

export type AggregateState =
  | { status: 'loading'; result?: AggregateResult }
  | { status: 'ready'; result: AggregateResult }
  | { status: 'error'; message: string; code?: string };

export function useAggregate(table: string, body: AggregateQuery | undefined, tick: number): AggregateState {
  const { request } = useRuntime();
  const t = useT();
  const [state, setState] = useState<AggregateState>({ status: 'loading' });
  const signature = JSON.stringify(body);
  useEffect(() => {
    if (!body) return;
    let live = true;
    // Keep the last answer on screen while the next one loads (a refresh does not blank the chart).
    setState((previous) => ({ status: 'loading', result: 'result' in previous ? previous.result : undefined }));
    request<AggregateResult>({ method: 'POST', url: `common/${encodeURIComponent(table)}/aggregate`, body })
      .then((answer) => {
        if (!live) return;
        const code = String(answer.code);
        if (isSuccess(answer.code)) setState({ status: 'ready', result: answer.data });
        else if (code === ResultCode.FORBIDDEN)
          setState({ status: 'error', code, message: t('dashboard.noPermission') });
        else setState({ status: 'error', code, message: answer.message || t('dashboard.noData') });
      })
      .catch((error: Error) => live && setState({ status: 'error', message: error.message }));
    return () => {
      live = false;
    };
    // `signature` stands for `body` (a new object each render with the same content).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, table, signature, tick, t]);
  return state;
}
