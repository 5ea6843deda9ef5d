/**
 * Calls `reload` when one of these events arrives on the host's event stream
 * (RuntimeContextValue.onServerEvent), debounced: a burst of events (a flow step done for
 * several approvers, a stream reset after a reconnect) is one reload `delayMs` after the last.
 * The latest `reload` is called, so the caller's filters, keyword and page at that moment apply.
 */
import { useEffect, useRef } from 'react';
import type { StreamEvent } from '../../protocol/event-stream';
import { useRuntime } from './context';

export const LIVE_RELOAD_DELAY_MS = 300;

export function useServerEventReload(
  types: readonly StreamEvent['type'][],
  reload: () => void,
  delayMs = LIVE_RELOAD_DELAY_MS,
): void {
  const { onServerEvent } = useRuntime();
  const latest = useRef(reload);
  latest.current = reload;
  const key = types.join(',');
  useEffect(() => {
    if (!onServerEvent) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        latest.current();
      }, delayMs);
    };
    const offs = key.split(',').map((type) => onServerEvent(type as StreamEvent['type'], schedule));
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [onServerEvent, key, delayMs]);
}
