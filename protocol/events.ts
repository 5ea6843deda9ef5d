/**
 * Typed events of the event bus (server/bus/) and the per-session event stream (GET /api/events),
 * shared by server and browser (docs/schemas.md "Bus and SSE"). Every event names the app it
 * belongs to; an event that also names a user is private to that user. The stream sends a session
 * only the events of its own app, and of those only the public ones and its user's own.
 *
 * To add an event (to-do counts, messages, AI progress...): add an interface to EventMap and a
 * checker to CHECKERS. Anything arriving from outside the process (the Redis channel, the stream in
 * the browser) goes through parseBusEvent, so an unknown or malformed event is dropped, not trusted.
 */

/** What every event carries: the app it belongs to and, for a private event, its one user. */
export interface EventAudience {
  appId: string;
  /** Set: only this user's sessions receive it. Absent: every session of the app. */
  userId?: string;
}

export type SchemaKind = 'module' | 'dashboard' | 'page';
export const SCHEMA_KINDS: readonly SchemaKind[] = ['module', 'dashboard', 'page'];

/** A saved module, dashboard or page schema: caches of it are stale everywhere. */
export interface SchemaChangedEvent extends EventAudience {
  type: 'schema.changed';
  kind: SchemaKind;
  /** The schema's id (for a module: its code / table key as the store names it). */
  id: string;
  /** The new version, as the store counts it. */
  version: string;
  /** Content hash of the new schema, when the store computes one. */
  hash?: string;
}

/** A session was signed out: its open streams close, on every instance. */
export interface SessionEndedEvent extends EventAudience {
  type: 'session.ended';
  userId: string;
  /** SHA-256 of the session's token, as the session table stores it (never the token). */
  tokenHash: string;
}

/**
 * Sessions, users, roles or menus changed on one instance: the others drop what their session
 * caches hold (server/auth/auth-cache.ts), so a sign-out, password change or grant edit counts
 * everywhere at once. With tokenHash: that session; with userId: that user's; else the whole cache.
 */
export interface AuthChangedEvent extends EventAudience {
  type: 'auth.changed';
  tokenHash?: string;
}

/** A dictionary type or item was written: cached dictionaries of the app are stale (docs/dict.md). */
export interface DictChangedEvent extends EventAudience {
  type: 'dict.changed';
  /** The dictionary's code (dict_code of its items). */
  code: string;
}

/**
 * An app's system settings (or the app-row switches saved with them) changed: servers reread them,
 * open browsers reload the app info (top bar, sign-in ways). Carries nothing but the app.
 */
export interface SettingsChangedEvent extends EventAudience {
  type: 'settings.changed';
}

/**
 * A piece of an AI chat answer for one chat connection (GET /api/sse/connect, docs/ai.md): the
 * instance running the model call publishes it, the instance holding the connection writes it out
 * (with a balancer they may differ). Server-only: it never goes to the general event stream.
 */
export interface AiChunkEvent extends EventAudience {
  type: 'ai.chunk';
  userId: string;
  connectId: string;
  kind: 'text' | 'done' | 'error';
  /** kind text: the piece; kind error: the message in the user's language. */
  text?: string;
  /** kind done: the stored answer's record id and status (done, stopped, failed). */
  recordId?: string;
  status?: 'done' | 'stopped' | 'failed';
}

/** Stop the chat answer streaming to this connection, on whichever instance runs it. */
export interface AiStopEvent extends EventAudience {
  type: 'ai.stop';
  userId: string;
  connectId: string;
}

/**
 * A to-do of this user was created or done (approval flows, docs/workflow.md): the bell refetches
 * flows/todocount. Private to the user; carries no count, so an
 * event that arrives late never shows a stale number.
 */
export interface TodoChangedEvent extends EventAudience {
  type: 'todo.changed';
  userId: string;
}

/**
 * New in-app messages (server/messages, docs/messages.md). With userId: one recipient's; without:
 * a send to everyone of the app (one event, not one per user). Browsers refetch the unread count
 * and show a notification with the title.
 */
export interface MessageNewEvent extends EventAudience {
  type: 'message.new';
  /** The send (its batch id: one per sendMessage call). */
  batchId: string;
  title: string;
  source: 'flow' | 'task' | 'admin';
}

/** A user read or deleted messages: their other tabs refetch the unread count. */
export interface MessageReadEvent extends EventAudience {
  type: 'message.read';
  userId: string;
  unread: number;
}

/** A Task-page task was saved or deleted: every instance reschedules it. Server-only. */
export interface TaskChangedEvent extends EventAudience {
  type: 'task.changed';
  taskId: string;
}

/** Every event by its type. Later issues add their events here. */
export interface EventMap {
  'schema.changed': SchemaChangedEvent;
  'session.ended': SessionEndedEvent;
  'auth.changed': AuthChangedEvent;
  'dict.changed': DictChangedEvent;
  'settings.changed': SettingsChangedEvent;
  'ai.chunk': AiChunkEvent;
  'ai.stop': AiStopEvent;
  'todo.changed': TodoChangedEvent;
  'message.new': MessageNewEvent;
  'message.read': MessageReadEvent;
  'task.changed': TaskChangedEvent;
}

export type BusEventType = keyof EventMap;
export type BusEvent = EventMap[BusEventType];
export type EventOf<T extends BusEventType> = EventMap[T];

/** Events that stay on the server (the stream never sends them to a browser). */
export const SERVER_ONLY_EVENTS: ReadonlySet<BusEventType> = new Set<BusEventType>([
  'session.ended',
  'auth.changed',
  'ai.chunk',
  'ai.stop',
  'task.changed',
]);

/** Sent on the stream only: "events since your Last-Event-ID are gone, refetch what you cache". */
export const STREAM_RESET = 'stream.reset';

const MAX_TEXT = 512;

function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

function audienceOk(value: Record<string, unknown>): boolean {
  return isText(value.appId, 128) && (value.userId === undefined || isText(value.userId, 128));
}

const CHECKERS: { [T in BusEventType]: (value: Record<string, unknown>) => boolean } = {
  'schema.changed': (v) =>
    SCHEMA_KINDS.includes(v.kind as SchemaKind) &&
    isText(v.id) &&
    isText(v.version, 64) &&
    (v.hash === undefined || isText(v.hash, 128)),
  'session.ended': (v) => isText(v.userId, 128) && isText(v.tokenHash, 128),
  'auth.changed': (v) => v.tokenHash === undefined || isText(v.tokenHash, 128),
  'dict.changed': (v) => isText(v.code, 64),
  'settings.changed': (v) => v.userId === undefined,
  'ai.chunk': (v) =>
    isText(v.userId, 128) &&
    isText(v.connectId, 64) &&
    ['text', 'done', 'error'].includes(v.kind as string) &&
    (v.text === undefined || (typeof v.text === 'string' && v.text.length <= 64_000)) &&
    (v.recordId === undefined || isText(v.recordId, 64)) &&
    (v.status === undefined || ['done', 'stopped', 'failed'].includes(v.status as string)),
  'ai.stop': (v) => isText(v.userId, 128) && isText(v.connectId, 64),
  'todo.changed': (v) => isText(v.userId, 128),
  'message.new': (v) =>
    isText(v.batchId, 64) && isText(v.title, 200) && ['flow', 'task', 'admin'].includes(v.source as string),
  'message.read': (v) =>
    isText(v.userId, 128) && typeof v.unread === 'number' && Number.isInteger(v.unread) && v.unread >= 0,
  'task.changed': (v) => isText(v.taskId, 64),
};

export function isBusEventType(type: unknown): type is BusEventType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(CHECKERS, type);
}

/** The event in `value` if it is a well-formed known event, else undefined. */
export function parseBusEvent(value: unknown): BusEvent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (!isBusEventType(record.type) || !audienceOk(record) || !CHECKERS[record.type](record)) return undefined;
  return record as unknown as BusEvent;
}

/** Whether a session of (appId, userId) may receive the event. */
export function isForSession(event: BusEvent, appId: string, userId: string): boolean {
  return event.appId === appId && (event.userId === undefined || event.userId === userId);
}
