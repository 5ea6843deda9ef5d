/**
 * What a lazily loaded page, node or widget shows when its code failed or did not arrive within the
 * spec's chunk timeout (lazy-component.tsx): the reason and a button that fetches it again.
 */
import { Button, Result } from 'antd';
import type { Lang } from '../../protocol/constants';
import { translate } from '../../protocol/messages/index';
import { useOptionalRuntime } from './context';

export function ChunkRetry({ lang, onRetry }: { lang: Lang; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={translate(lang, 'runtime.chunk.failed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {translate(lang, 'runtime.chunk.retry')}
        </Button>
      }
    />
  );
}

/** A field-sized version for a node or widget inside a page, in the runtime's language. */
export function ChunkRetryInline({ onRetry }: { onRetry: () => void }) {
  const lang = useOptionalRuntime()?.lang ?? 'zh';
  return (
    <span className="tessera-lazy-failed" role="alert">
      {translate(lang, 'runtime.chunk.partFailed')}{' '}
      <Button size="small" onClick={onRetry}>
        {translate(lang, 'runtime.chunk.retry')}
      </Button>
    </span>
  );
}

/** lazyComponent's `failed` for runtime nodes and widgets. */
export const inlineRetry = (retry: () => void) => <ChunkRetryInline onRetry={retry} />;
