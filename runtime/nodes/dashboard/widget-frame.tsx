/**
 * The box every widget draws in: its title, an optional extra (the stat card's comparison), and its
 * body or its own state — loading (a spinner over the last answer), empty, or an error message
 * (no permission, a field that is gone, a timeout) that concerns this widget only.
 */
import { Empty, Spin } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { textOf, type Text } from '../../../protocol/page-schema';
import { useRuntime, useT } from '../../react/context';

export type WidgetStatus = 'loading' | 'ready' | 'empty' | 'error';

export function WidgetFrame(props: {
  widgetKey: string;
  type: string;
  title?: Text;
  status: WidgetStatus;
  error?: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { lang } = useRuntime();
  const t = useT();
  const { status } = props;
  return (
    <section
      className="tessera-widget"
      data-widget-key={props.widgetKey}
      data-widget-type={props.type}
      data-status={status}
      aria-busy={status === 'loading'}
      style={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        color: 'rgba(0,0,0,.88)',
        borderRadius: 8,
        padding: '12px 16px',
        boxSizing: 'border-box',
        overflow: 'hidden',
        boxShadow: '0 1px 2px rgba(0,0,0,.08)',
      }}
    >
      {(props.title !== undefined || props.extra) && (
        <header style={{ display: 'flex', alignItems: 'baseline', gap: 8, marginBottom: 8, minHeight: 22 }}>
          <h3 className="tessera-widget-title" style={{ margin: 0, fontSize: 15, fontWeight: 600, flex: 1 }}>
            {props.title !== undefined ? textOf(props.title, lang) : ''}
          </h3>
          {props.extra}
        </header>
      )}
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {status === 'error' ? (
          <div
            role="alert"
            className="tessera-widget-error"
            style={{
              height: '100%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
              color: '#cf1322',
              textAlign: 'center',
              padding: 8,
            }}
          >
            <WarningOutlined />
            <span>{props.error}</span>
          </div>
        ) : status === 'empty' ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noData')} />
        ) : (
          <>
            {/* The body fills the frame by its own style (not a stylesheet the host page may not
                have: the designer's grid draws widgets outside the dashboard node), so a chart
                takes its cell's whole height and follows it when the cell is resized. */}
            <div className="tessera-widget-body" style={{ height: '100%' }}>
              {props.children}
            </div>
            {status === 'loading' && (
              <div
                className="tessera-widget-loading"
                style={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <Spin delay={150} />
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
