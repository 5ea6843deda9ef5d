/**
 * The unread-message count beside the to-do bell (docs/messages.md): fetched on sign-in, polled
 * with the to-do count's period as a fallback, and kept live by the event stream — `message.new`
 * (for this user, or for everyone of the app) refetches it and shows a notification with the
 * title; `message.read` from another tab sets it. The mess page hears new messages through a
 * window event, so it reloads its list without importing the shell.
 */
import { useEffect, useRef, useState } from 'react';
import { isSuccess } from '../../protocol/codes';
import { TODO_POLL_MS } from '../../protocol/constants';
import type { MessageNewEvent } from '../../protocol/events';
import { request } from '../api/client';
import { onStreamEvent, openEvents } from '../api/events';

/** Dispatched on window for each new message event (runtime/nodes/messages listens). */
export const MESSAGE_WINDOW_EVENT = 'tessera:message';

async function fetchUnread(): Promise<number> {
  const result = await request<{ count?: unknown }>({ method: 'GET', url: 'messages/unread' });
  if (!isSuccess(result.code)) throw new Error(result.message);
  const count = Number(result.data?.count);
  return Number.isFinite(count) ? count : 0;
}

export function useMessageCount(enabled: boolean, onNew: (event: MessageNewEvent) => void): number {
  const [count, setCount] = useState(0);
  // The latest callback (its language and navigation), without reopening the stream on each render.
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const refresh = () =>
      fetchUnread()
        .then((value) => live && setCount(value))
        .catch(() => undefined);
    void refresh();
    const timer = window.setInterval(refresh, TODO_POLL_MS);
    const close = openEvents();
    const offNew = onStreamEvent('message.new', (event) => {
      void refresh();
      onNewRef.current(event);
      window.dispatchEvent(new CustomEvent(MESSAGE_WINDOW_EVENT, { detail: event }));
    });
    const offRead = onStreamEvent('message.read', (event) => {
      setCount(event.unread);
      window.dispatchEvent(new CustomEvent(MESSAGE_WINDOW_EVENT, { detail: event }));
    });
    return () => {
      live = false;
      window.clearInterval(timer);
      offNew();
      offRead();
      close();
    };
  }, [enabled]);
  return count;
}
