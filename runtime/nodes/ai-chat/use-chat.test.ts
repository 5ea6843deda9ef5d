// @vitest-environment happy-dom
/**
 * The order the chat's two channels arrive in is not fixed: the send's answer and the stream's
 * `done` travel on different connections. The real-server suite (tests/contract/ai-chat-page)
 * cannot choose the order, so here the stream is driven by hand: when the answer wins, the tail of
 * its exchange still on the stream must not run into the next one.
 */
import '../../../tests/dom-setup';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StreamHandlers } from '../../../protocol/stream-open';
import type { ChatApi, SendAnswer } from './api';
import { useChat } from './use-chat';

function setup() {
  let handlers: StreamHandlers | undefined;
  const sends: Array<(answer: SendAnswer) => void> = [];
  const api = {
    sessions: async () => [],
    models: async () => [{ label: 'Local', value: 'm1' }],
    agents: async () => [],
    addSession: async () => ({ id: 's1', sessionName: '', chatModelId: 'm1', agentId: null }),
    send: () => new Promise<SendAnswer>((resolve) => sends.push(resolve)),
  } as unknown as ChatApi;
  const openStream = (_url: string, h: StreamHandlers) => {
    handlers = h;
    queueMicrotask(() => h.onMessage({ id: 'c1', event: 'message', data: 'c1' }));
    return { close: () => undefined };
  };
  // Stable like the page's: the hook's effects depend on them.
  const notify = { success: () => {}, info: () => {}, warning: () => {}, error: () => {} };
  const t = (key: string) => key;
  const hook = renderHook(() => useChat(api, openStream, t, notify));
  const piece = (data: string, event = 'message') => act(() => handlers!.onMessage({ id: '', event, data }));
  return { hook, sends, piece };
}

const answers = (items: Array<{ role: string; content: string; status: string }>) =>
  items.filter((item) => item.role === 'assistant').map((item) => `${item.status}:${item.content}`);

describe('the chat state', () => {
  it("keeps the next exchange clean when the send's answer arrives before the stream's tail", async () => {
    const { hook, sends, piece } = setup();
    await waitFor(() => expect(hook.result.current.models).toHaveLength(1));

    await act(() => hook.result.current.send('first'));
    await piece('Hel');
    // The answer overtakes the stream: the exchange ends with the whole text.
    await act(async () => sends[0]!({ recordId: 'r1', status: 'done', content: 'Hello' }));
    expect(hook.result.current.sending).toBe(false);

    await act(() => hook.result.current.send('second'));
    expect(hook.result.current.sending).toBe(true);
    // The first exchange's tail, then its done, then the second's own pieces.
    await piece('lo');
    await piece(JSON.stringify({ recordId: 'r1', status: 'done' }), 'done');
    expect(hook.result.current.sending).toBe(true);
    await piece('World');
    expect(answers(hook.result.current.items)).toEqual(['done:Hello', 'streaming:World']);
    await piece(JSON.stringify({ recordId: 'r2', status: 'done' }), 'done');
    expect(answers(hook.result.current.items)).toEqual(['done:Hello', 'done:World']);
    expect(hook.result.current.sending).toBe(false);
  });

  it('ends the exchange on the stream when its done comes first; the late answer changes nothing', async () => {
    const { hook, sends, piece } = setup();
    await waitFor(() => expect(hook.result.current.models).toHaveLength(1));
    await act(() => hook.result.current.send('first'));
    await piece('Hi');
    await piece(JSON.stringify({ recordId: 'r1', status: 'done' }), 'done');
    expect(hook.result.current.sending).toBe(false);
    await act(async () => sends[0]!({ recordId: 'r1', status: 'done', content: 'Hi' }));
    await act(() => hook.result.current.send('second'));
    await piece('There');
    expect(answers(hook.result.current.items)).toEqual(['done:Hi', 'streaming:There']);
  });
});
