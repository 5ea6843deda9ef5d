import { useEffect, useState } from 'react';
import { TODO_POLL_MS } from '../../protocol/constants';
import { fetchTodoCount } from '../session/account';

/** The to-do count, fetched on mount and every 600000 ms (spec §9); a failed poll keeps the last. */
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
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [enabled]);
  return count;
}
