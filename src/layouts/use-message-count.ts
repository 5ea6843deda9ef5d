/**
 * The unread-message count beside the to-do bell (docs/messages.md): fetched on sign-in, polled
 * with the to-do count's period as a fallback, and kept live by the event stream — `message.new`
 * (for this user, or for everyone of the app) refetches it and shows a notification with the
 * title; `message.read` from another tab sets it. The mess page hears new messages through a
 * window event, so it reloads its list without importing the shell.
 *
 * The shell's calls and stream come in as `deps` (TopBar passes them): this file is in the lazily
 * loaded MessageBell chunk and imports nothing of the first page's, so it does not reshape the
 * first page's chunks (tests/build/first-page-size.test.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { StreamEvent } from '../../protocol/event-stream';
import type { MessageNewEvent } from '../../protocol/events';

/** Dispatched on window for each message event (runtime/nodes/messages listens). */
export const MESSAGE_WINDOW_EVENT = 'tessera:message';

type Listen = <T extends StreamEvent['type']>(
  type: T,
  listener: (event: Extract<StreamEvent, { type: T }>) => void,
) => () => void;

export interface MessageCountDeps {
  fetchUnread: () => Promise<number>;
  onStreamEvent: Listen;
  openEvents: () => () => void;
  pollMs: number;
}

export function useMessageCount(deps: MessageCountDeps, onNew: (event: MessageNewEvent) => void): number {
  const [count, setCount] = useState(0);
  // The latest callback (its language and navigation), without reopening the stream on each render.
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;
  const depsRef = useRef(deps);
  useEffect(() => {
    const { fetchUnread, onStreamEvent, openEvents, pollMs } = depsRef.current;
    let live = true;
    const refresh = () =>
      fetchUnread()
        .then((value) => live && setCount(value))
        .catch(() => undefined);
    void refresh();
    const timer = window.setInterval(refresh, pollMs);
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
  }, []);
  return count;
}
