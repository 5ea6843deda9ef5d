/**
 * The shell's one event stream (src/api/event-stream.ts wired to the session): opened while a
 * signed-in view is mounted (openEvents counts its users), read with the session's token and the
 * app's envelope, and dispatched by type to listeners (onStreamEvent). A P4007 on the stream just
 * stops it: the next API call signs the user out as usual.
 */
import type { StreamEvent } from '../../protocol/event-stream';
import { session } from '../session/store';
import { currentLang } from '../i18n';
import { currentEnvelope } from './client';
import { startEventStream, type EventStreamHandle } from './event-stream';

type StreamEventType = StreamEvent['type'];
type Listener = (event: StreamEvent) => void;

const listeners = new Map<StreamEventType, Set<Listener>>();
let handle: EventStreamHandle | undefined;
let users = 0;

/** Calls listener for each stream event of this type; returns the unsubscribe. */
export function onStreamEvent<T extends StreamEventType>(
  type: T,
  listener: (event: Extract<StreamEvent, { type: T }>) => void,
): () => void {
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  const entry = listener as Listener;
  set.add(entry);
  return () => void set.delete(entry);
}

function dispatch(event: StreamEvent): void {
  for (const listener of [...(listeners.get(event.type) ?? [])]) {
    try {
      listener(event);
    } catch (error) {
      console.error('event listener failed', error);
    }
  }
}

/** Opens the stream if it is not open yet; the returned function closes it after its last user. */
export function openEvents(): () => void {
  users++;
  handle ??= startEventStream({
    baseUrl: '',
    token: () => session.token,
    appId: () => session.appInfo?.id,
    lang: currentLang,
    envelope: currentEnvelope,
    onEvent: dispatch,
    onLogout: () => undefined,
  });
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    users--;
    if (users === 0) {
      handle?.stop();
      handle = undefined;
    }
  };
}
