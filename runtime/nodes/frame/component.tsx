/**
 * The embedded page: only an http(s) address (javascript:, data: and relative addresses are
 * refused with a message), in a sandbox that lets its scripts run but gives it no access to our
 * origin, our cookies or the top window, and sends no referrer.
 */
import { textOf } from '../../../protocol/page-schema';
import type { FrameWidget } from '../../core/dashboard/types';
import { useRuntime, useT } from '../../react/context';
import { WidgetFrame } from '../dashboard/widget-frame';

export function safeFrameUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function FrameNode({ node }: { node: FrameWidget }) {
  const t = useT();
  const { lang } = useRuntime();
  const url = safeFrameUrl(node.url);
  return (
    <WidgetFrame
      widgetKey={node.key}
      type="frame"
      title={node.title}
      status={url ? 'ready' : 'error'}
      error={t('dashboard.badFrame')}
    >
      <iframe
        src={url}
        title={node.title !== undefined ? textOf(node.title, lang) : node.key}
        sandbox="allow-scripts allow-popups allow-forms"
        referrerPolicy="no-referrer"
        style={{ border: 0, width: '100%', height: '100%' }}
      />
    </WidgetFrame>
  );
}
