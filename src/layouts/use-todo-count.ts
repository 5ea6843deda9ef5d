import { useEffect, useState } from 'react';
import { TODO_POLL_MS } from '../../protocol/constants';
import { onStreamEvent } from '../api/events';
import { fetchTodoCount } from '../session/account';

/**
 * The to-do count, fetched on mount and every 600000 ms (spec §9); a failed poll keeps the last.
 * Live too (docs/workflow.md): a `todo.changed` event for this user on the shell's event stream
 * (any instance, any tab) refetches at once, and so does `stream.reset` (events may have been
 * missed); the 10-minute poll stays as the fallback.
 */
export function useTodoCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const poll = () =>
      fetchTodoCount()
        .then((value) => live && setCount(value))
        .catch(() => undefined);
    void poll();
    const timer = window.setInterval(poll, TODO_POLL_MS);
    const offChanged = onStreamEvent('todo.changed', () => void poll());
    const offReset = onStreamEvent('stream.reset', () => void poll());
    return () => {
      live = false;
      window.clearInterval(timer);
      offChanged();
      offReset();
    };
  }, [enabled]);
  return count;
}
