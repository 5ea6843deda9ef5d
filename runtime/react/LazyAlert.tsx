/**
 * antd's Alert, fetched the first time one shows. The shell and the list show an Alert only in
 * passing (rows selected, a load error, the schema changed), never while a list page first paints,
 * so its code stays out of the JavaScript loaded before the first list page
 * (tests/build/first-page-size.test.ts). Until it arrives, the same message and action show as
 * plain content in the Alert's place, so nothing is ever invisible or out of reach.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { Alert } from 'antd';

export type LazyAlertProps = Omit<ComponentProps<typeof Alert>, 'ref'> & { 'data-testid'?: string };

const AntdAlert = lazy(() => import('./antd-alert'));

export function LazyAlert(props: LazyAlertProps) {
  const fallback = (
    <div
      role={props.role ?? (props.type === 'error' || props.type === 'warning' ? 'alert' : 'status')}
      data-testid={props['data-testid']}
      style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', ...props.style }}
    >
      <span>{props.message}</span>
      {props.description ? <span>{props.description}</span> : null}
      {props.action}
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <AntdAlert {...props} />
    </Suspense>
  );
}
