/**
 * The chat page's state and its rules (ai-and-widgets §4 "Chat", §5, §8): a session is created on
 * the first message and named from it; one answer at a time ("chat loading..."); the sending state
 * lasts until the stream's done or error, a refusal of the send, or the stream closing; a send that
 * stored nothing (refused, or failed before any text) leaves nothing behind — the question goes
 * back into the input and a session made for it is removed again. The model is locked once the
 * session holds records.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OpenStreamFn } from '../../../protocol/stream-open';
import {
  ChatError,
  SESSION_PAGE,
  type Agent,
  type ChatApi,
  type ChatSession,
  type ModelOption,
  type RecordStatus,
} from './api';
import { ChatConnection } from './connection';
import { useAgents } from './use-agents';

export interface ChatItem {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  status: RecordStatus | 'streaming';
  /** Why a partial answer ended (the stream's error event). */
  reason?: string;
}

export interface Notify {
  success: (text: string) => void;
  info: (text: string) => void;
  warning: (text: string) => void;
  error: (text: string) => void;
}

/** The session being written before it exists (§4: created lazily on the first message). */
interface Draft {
  agentId: string | null;
  modelId: string | null;
}

const NAME_LENGTH = 50;
/** The server's limit on a question (server/ai/chat-shapes.ts): said before anything is created. */
export const MAX_QUESTION = 20_000;
let keys = 0;
const nextKey = () => `item-${++keys}`;

export function useChat(
  api: ChatApi,
  openStream: OpenStreamFn | undefined,
  t: (key: string, vars?: Record<string, unknown>) => string,
  notify: Notify,
) {
  const [sessions, setSessions] = useState<ChatSession[]>([]);
  const [sessionPage, setSessionPage] = useState(1);
  const [sessionsEnd, setSessionsEnd] = useState(false);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>({ agentId: null, modelId: null });
  const [items, setItems] = useState<ChatItem[]>([]);
  const [models, setModels] = useState<ModelOption[]>();
  const [sending, setSending] = useState(false);
  const [continuous, setContinuous] = useState(true);
  const [input, setInput] = useState('');
  /** The running exchange: what stream events belong to, and how to undo it when nothing was stored. */
  const active = useRef<{
    assistantKey: string;
    userKey: string;
    question: string;
    newSession?: string;
    /** Characters of the answer received so far. */
    received: number;
    /** The failure the stream already reported (the send's refusal then says the same: shown once). */
    reason?: string;
  } | null>(null);
  /**
   * An exchange the send's answer closed before the stream's `done` arrived: the stream still
   * carries its tail, which must not run into the next exchange. Its events are dropped until the
   * `done` naming this record (the server publishes `done` before it answers the send).
   */
  const draining = useRef<string | null>(null);

  const warn = useCallback(
    (error: unknown) => notify.warning(error instanceof Error ? error.message : String(error)),
    [notify],
  );
  const agentList = useAgents(api, warn);
  const { agents } = agentList;

  const finish = useCallback(
    (status: RecordStatus, reason?: string) => {
      const run = active.current;
      if (!run) return;
      active.current = null;
      setSending(false);
      if (run.received === 0 && status !== 'done') {
        // Nothing arrived, nothing was stored: take the exchange back, the question returns to the input.
        setItems((list) => list.filter((item) => item.key !== run.assistantKey && item.key !== run.userKey));
        setInput((text) => text || run.question);
        if (run.newSession) {
          const id = run.newSession;
          void api.deleteSession(id).catch(() => undefined);
          setSessions((all) => all.filter((s) => s.id !== id));
          setCurrentId(null);
        }
        return;
      }
      setItems((list) =>
        list.map((item) => (item.key === run.assistantKey ? { ...item, status, reason: reason ?? item.reason } : item)),
      );
    },
    [api],
  );

  const connection = useMemo(
    () =>
      new ChatConnection(openStream, {
        text: (piece) => {
          const run = active.current;
          if (!run || draining.current) return;
          run.received += piece.length;
          setItems((list) =>
            list.map((item) => (item.key === run.assistantKey ? { ...item, content: item.content + piece } : item)),
          );
        },
        done: (end) => {
          if (draining.current) {
            if (draining.current === end.recordId) draining.current = null;
            return;
          }
          finish(end.status);
        },
        error: (text) => {
          const run = active.current;
          if (!run || draining.current) return;
          if (text && text !== run.reason) notify.warning(text);
          run.reason = text;
          setItems((list) => list.map((item) => (item.key === run.assistantKey ? { ...item, reason: text } : item)));
          // The server sends `done` after the reason when part of the answer was stored; without a
          // stored part no `done` follows, and the send's refusal ends the exchange.
        },
        closed: () => {
          draining.current = null;
          if (!active.current) return;
          notify.error(t('aiChat.connectionFailed'));
          finish('failed');
        },
      }),
    [openStream, finish, notify, t],
  );
  useEffect(() => {
    connection.connect().catch(() => notify.error(t('aiChat.connectionFailed')));
    return () => connection.close();
  }, [connection, notify, t]);

  const loadSessions = useCallback(
    async (page: number) => {
      try {
        const rows = await api.sessions(page);
        if (page > 1 && rows.length === 0) notify.info(t('aiChat.noMore'));
        setSessions((all) =>
          page === 1 ? rows : [...all, ...rows.filter((row) => !all.some((s) => s.id === row.id))],
        );
        setSessionPage(Math.max(1, rows.length ? page : page - 1));
        setSessionsEnd(rows.length < SESSION_PAGE);
      } catch (error) {
        warn(error);
      }
    },
    [api, notify, t, warn],
  );

  useEffect(() => {
    void loadSessions(1);
    api.models().then(setModels, (error) => {
      setModels([]);
      warn(error);
    });
  }, [api, loadSessions, warn]);

  const current = sessions.find((s) => s.id === currentId);
  const agentId = current ? current.agentId : draft.agentId;
  const agent = agents.find((a) => a.id === agentId);
  const modelId = (current ? current.chatModelId : draft.modelId) ?? models?.[0]?.value ?? null;
  const locked = Boolean(current) && items.length > 0;

  const busy = () => {
    if (!sending) return false;
    notify.warning(t('ai.busy'));
    return true;
  };

  const openSession = async (id: string) => {
    if (busy() || id === currentId) return;
    setCurrentId(id);
    setItems([]);
    try {
      const records = await api.records(id);
      setItems(records.map((r) => ({ key: r.id, role: r.role, content: r.content, status: r.status })));
    } catch (error) {
      warn(error);
    }
  };

  const newChat = (agentChoice: Agent | null) => {
    if (busy()) return;
    const preferred = agentChoice?.model_id && models?.some((m) => m.value === agentChoice.model_id);
    setDraft({ agentId: agentChoice?.id ?? null, modelId: preferred ? agentChoice!.model_id : null });
    setCurrentId(null);
    setItems([]);
  };

  const chooseModel = async (value: string) => {
    if (!current) return setDraft((d) => ({ ...d, modelId: value }));
    if (locked) return notify.warning(t('ai.modelLocked'));
    try {
      const saved = await api.updateSession(current.id, { chatModelId: value });
      setSessions((all) => all.map((s) => (s.id === saved.id ? saved : s)));
    } catch (error) {
      warn(error);
    }
  };

  const send = async (text: string = input) => {
    const question = text.trim();
    if (!question) return notify.error(t('ai.contentRequired'));
    if (busy()) return;
    if (question.length > MAX_QUESTION)
      return notify.warning(t('aiChat.tooLong', { max: MAX_QUESTION, length: question.length }));
    if (models && models.length === 0) return notify.warning(t('aiChat.noModel'));
    setSending(true);
    let connectId: string;
    try {
      connectId = await connection.connect();
    } catch {
      setSending(false);
      return notify.error(t('aiChat.connectionFailed'));
    }
    let session = current;
    let newSession: string | undefined;
    if (!session) {
      try {
        session = await api.addSession({ chatModelId: modelId, agentId: draft.agentId });
      } catch (error) {
        setSending(false);
        return warn(error);
      }
      newSession = session.id;
      const named = { ...session, sessionName: question.slice(0, NAME_LENGTH) };
      setSessions((all) => [named, ...all]);
      setCurrentId(session.id);
    }
    const userKey = nextKey();
    const assistantKey = nextKey();
    active.current = { assistantKey, userKey, question, newSession, received: 0 };
    setInput('');
    setItems((list) => [
      ...list,
      { key: userKey, role: 'user', content: question, status: 'done' },
      { key: assistantKey, role: 'assistant', content: '', status: 'streaming' },
    ]);
    const sessionId = session.id;
    api.send({ connectId, sessionId, content: question, ifConc2: continuous ? '1' : '0' }).then(
      (answer) => {
        if (!active.current || active.current.assistantKey !== assistantKey) return;
        // The stream's `done` usually comes first; the answer carries the whole text in case a piece was lost.
        if (answer.content) active.current.received = answer.content.length;
        draining.current = answer.recordId;
        setItems((list) =>
          list.map((item) =>
            item.key === assistantKey && answer.content ? { ...item, content: answer.content } : item,
          ),
        );
        finish(answer.status);
      },
      (error) => {
        if (!active.current || active.current.assistantKey !== assistantKey) return;
        // A refusal (quota, no model, a rejected key...) ends the exchange; a transport failure of
        // this long call (a proxy's timeout) leaves it to the stream, which still brings the end.
        if (error instanceof ChatError) {
          if (error.message !== active.current.reason) notify.warning(error.message);
          finish('failed');
        }
      },
    );
  };

  const stop = () => {
    const id = connection.connectId;
    if (!sending || !id) return;
    api.stop(id).catch(warn);
  };

  const rename = async (id: string, name: string) => {
    try {
      const saved = await api.updateSession(id, { sessionName: name });
      setSessions((all) => all.map((s) => (s.id === id ? saved : s)));
      notify.success(t('aiChat.renamed'));
    } catch (error) {
      warn(error);
    }
  };

  const remove = async (id: string | null) => {
    if (busy()) return;
    try {
      if (id) await api.deleteSession(id);
      else await api.clearSessions();
      setSessions((all) => (id ? all.filter((s) => s.id !== id) : []));
      if (!id) setSessionsEnd(true);
      if (!id || id === currentId) newChat(null);
      notify.success(t('aiChat.deleted'));
    } catch (error) {
      warn(error);
    }
  };

  const loadMore = () => (sessionsEnd ? notify.info(t('aiChat.noMore')) : loadSessions(sessionPage + 1));

  return {
    sessions,
    current,
    currentId,
    items,
    models,
    ...agentList,
    agent,
    modelId,
    locked,
    sending,
    continuous,
    setContinuous,
    input,
    setInput,
    openSession,
    newChat,
    chooseModel,
    send,
    stop,
    rename,
    remove,
    refresh: () => loadSessions(1),
    loadMore,
  };
}

export type ChatState = ReturnType<typeof useChat>;
