// @vitest-environment jsdom
// jsdom, not happy-dom: the answers go through the sanitizer, which needs a spec-compliant parser.
/**
 * The ai/chat page (runtime/nodes/ai-chat) in a DOM, against the real server (a child process: the
 * OpenAI SDK refuses to run inside a DOM, tests/helpers/shell-server.ts) through the shell's own client and stream opener (src/api/create-client.ts, stream-opener.ts); the answers
 * come from the loopback OpenAI-compatible fake. The demo app encrypts: every call and the opening of
 * GET /api/sse/connect are sealed, and every message of the stream is verified and opened. What a user relies on: the
 * greeting with the agent, its role and 12 tips with a change button; "please input content";
 * Ctrl+Enter a newline and Enter a send; the answer streamed in as sanitized markdown; the session
 * named from the first message and its model locked; continuous conversation carrying the history.
 */
import '../helpers/jsdom-text-encoder';
import '../dom-setup';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { AiChatNode } from '../../runtime/nodes/ai-chat/component';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { createApiClient } from '../../src/api/create-client';
import { createStreamOpener } from '../../src/api/stream-opener';
import { fakeAnswerWords, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { SealedClient } from '../helpers/sealed-client';
import { SHELL_CAPTCHA, startShellServer, type ShellServer } from '../helpers/shell-server';

const TIPS = Array.from({ length: 13 }, (_, i) => `Question number ${i + 1}?`);

describe('the ai/chat page', () => {
  let server: ShellServer;
  let fake: FakeOpenAi;
  let client: SealedClient;
  const openedMessages: string[] = [];
  let modelId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startShellServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: 'c3'.repeat(32) });
    client = await SealedClient.forApp(server.origin);
    await client.signIn(server.origin, SHELL_CAPTCHA);
    const model = await client.call(server.origin, 'POST', '/api/aiModels', {
      label: 'Local',
      provider: 'custom',
      model: 'fake-chat',
      base_url: fake.url,
      api_key: fake.key,
      is_default: 1,
    });
    expect(model.code, model.message).toBe(ResultCode.SUCCESS);
    modelId = model.data.id;
    const agent = await client.call(server.origin, 'POST', '/api/aiAgents', {
      name: 'Sales helper',
      role: 'Answers sales questions',
      tips: TIPS.join('\n'),
      model_id: model.data.id,
    });
    expect(agent.code, agent.message).toBe(ResultCode.SUCCESS);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  function renderPage() {
    const deps = {
      token: () => client.token,
      appId: () => client.appId,
      lang: () => 'en' as const,
      envelope: () => client.envelope,
    };
    const base = server.origin;
    // The app encrypts: the opening is sealed (the token in x-sec-auth) and each message opened with its key.
    const openStream = createStreamOpener({ ...deps, baseUrl: base });
    const watched: typeof openStream = (url, handlers) =>
      openStream(url, {
        ...handlers,
        onMessage: (message) => {
          openedMessages.push(message.id);
          handlers.onMessage(message);
        },
      });
    const { request } = createApiClient({
      ...deps,
      prefixUrl: `${base}/api/`,
      saveToken: (value) => (client.token = value),
      onLogout: () => undefined,
      notJsonMessage: () => 'not json',
    });
    const runtime = {
      ...createRuntimeValue({ request, lang: 'en' }),
      openStream: watched,
    };
    return render(
      <RuntimeProvider value={runtime}>
        <AiChatNode node={{ type: 'aiChat' }} />
      </RuntimeProvider>,
    );
  }
  const input = () => screen.getByTestId('ai-chat-input') as HTMLTextAreaElement;

  it('greets with the agent, its role and 12 tips at a time, and changes them', async () => {
    renderPage();
    await screen.findByText("Hi, I'm the AI assistant");
    fireEvent.click(screen.getByTestId('ai-chat-new'));
    fireEvent.click(await screen.findByText('Sales helper'));
    await screen.findByText("Hi, I'm Sales helper");
    within(screen.getByTestId('ai-chat-greeting')).getByText('Answers sales questions');
    await waitFor(() => expect(screen.getAllByTestId('ai-chat-tip')).toHaveLength(12));
    fireEvent.click(screen.getByTestId('ai-chat-change-tips'));
    await waitFor(() => expect(screen.getAllByTestId('ai-chat-tip').map((tip) => tip.textContent)).toEqual([TIPS[12]]));
    fireEvent.click(screen.getByTestId('ai-chat-change-tips'));
    await waitFor(() => expect(screen.getAllByTestId('ai-chat-tip')).toHaveLength(12));
    fireEvent.click(screen.getAllByTestId('ai-chat-tip')[1]!);
    expect(input().value).toBe(TIPS[1]);
  });

  it('chats over the stream: empty refused, Ctrl+Enter a newline, Enter sends, the answer streams in, the model locks', async () => {
    renderPage();
    await screen.findByText("Hi, I'm the AI assistant");
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('please input content');

    fireEvent.change(input(), { target: { value: 'How many **customers**?' } });
    input().setSelectionRange(input().value.length, input().value.length);
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    expect(input().value).toBe('How many **customers**?\n');
    fireEvent.change(input(), { target: { value: 'How many **customers**?\nThis year' } });
    fireEvent.keyDown(input(), { key: 'Enter' });

    const question = 'How many **customers**?\nThis year';
    const answer = await screen.findByTestId('ai-chat-answer');
    const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    await waitFor(() =>
      expect(flat(answer.textContent)).toBe(flat(fakeAnswerWords(question).join('').replace(/\*\*/g, ''))),
    );
    // Markdown rendered, not shown raw: the model's bold is a <strong>.
    expect(answer.querySelector('strong')?.textContent).toBe('customers');
    await waitFor(() => expect(screen.queryByTestId('ai-chat-stop')).toBeNull());
    expect(input().value).toBe('');
    // The demo app encrypts: every message above was verified and decrypted with the opening's key.
    expect(openedMessages.length).toBeGreaterThan(fakeAnswerWords(question).length);

    const session = await screen.findByTestId('ai-chat-session');
    expect(session.textContent).toContain('How many **customers**?');
    screen.getByTestId('ai-chat-model-lock');
    expect(screen.getByTestId('ai-chat-model-note').textContent).toBe('the model cannot be modified');

    // Continuous conversation (on by default) sends the first exchange along; off sends the question alone.
    fireEvent.change(input(), { target: { value: 'And VIPs?' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('ai-chat-answer')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('ai-chat-stop')).toBeNull());
    expect(fake.calls.at(-1)!.body.messages!.map((m) => m.content)).toEqual([
      question,
      fakeAnswerWords(question).join(''),
      'And VIPs?',
    ]);
    fireEvent.click(screen.getByTestId('ai-chat-continuous'));
    fireEvent.change(input(), { target: { value: 'Alone' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('ai-chat-answer')).toHaveLength(3));
    await waitFor(() => expect(screen.queryByTestId('ai-chat-stop')).toBeNull());
    expect(fake.calls.at(-1)!.body.messages!.map((m) => m.content)).toEqual(['Alone']);
  });

  it('reopens a stored session from the list with its records, renames and deletes it; a 100 KB prompt is refused', async () => {
    renderPage();
    const session = await screen.findByTestId('ai-chat-session');
    fireEvent.click(session);
    await waitFor(() => expect(screen.getAllByTestId('ai-chat-answer')).toHaveLength(3));
    fireEvent.click(within(session).getByLabelText('Rename'));
    const field = await screen.findByTestId('ai-chat-rename-input');
    fireEvent.change(field, { target: { value: 'Customers' } });
    fireEvent.click(within(document.querySelector<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'OK' }));
    await screen.findByText('rename successful');
    await waitFor(() => expect(screen.getByTestId('ai-chat-session').textContent).toContain('Customers'));
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('ai-chat-session')).getByLabelText('Delete'));
    });
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!);
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await screen.findByText('delete successful');
    await waitFor(() => expect(screen.queryByTestId('ai-chat-session')).toBeNull());
    await screen.findByTestId('ai-chat-greeting');

    // A 100 KB prompt: over the limit, said in the user's language before anything is created; the text stays.
    const huge = '问'.repeat(100 * 1024);
    fireEvent.change(input(), { target: { value: huge } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText(
      'A question may have at most 20000 characters (this one has 102400); shorten it and send again',
    );
    await waitFor(() => expect(screen.queryByTestId('ai-chat-stop')).toBeNull());
    expect(input().value).toBe(huge);
    expect(screen.queryByTestId('ai-chat-answer')).toBeNull();
    expect(screen.queryByTestId('ai-chat-session')).toBeNull();
    expect(
      (await client.call(server.origin, 'GET', '/api/module/session/sessioninfo/getUserSessionList')).data,
    ).toEqual([]);
  });

  it('lists the agents 10 at a time in the new-chat popover, so the 25th can be picked after two loads', async () => {
    // 24 more agents after Sales helper, in a fixed order.
    for (let i = 2; i <= 25; i += 1) {
      const made = await client.call(server.origin, 'POST', '/api/aiAgents', {
        name: `Agent ${String(i).padStart(2, '0')}`,
        role: `Helper number ${i}`,
        model_id: modelId,
        sort: i,
      });
      expect(made.code, made.message).toBe(ResultCode.SUCCESS);
    }
    renderPage();
    await screen.findByText("Hi, I'm the AI assistant");
    fireEvent.click(screen.getByTestId('ai-chat-new'));
    const popover = await screen.findByTestId('ai-chat-agents');
    const names = () => [...popover.querySelectorAll('.tessera-chat-agent-name')].map((name) => name.textContent);
    await waitFor(() => expect(names()).toHaveLength(11)); // the plain chat and the first 10
    expect(screen.queryByText('Agent 25')).toBeNull();
    fireEvent.click(within(popover).getByTestId('ai-chat-agents-more'));
    await waitFor(() => expect(names()).toHaveLength(21));
    fireEvent.click(within(popover).getByTestId('ai-chat-agents-more'));
    await waitFor(() => expect(names()).toHaveLength(26));
    // The last page was short: nothing more to load.
    expect(within(popover).queryByTestId('ai-chat-agents-more')).toBeNull();
    expect(new Set(names()).size).toBe(26);
    fireEvent.click(within(popover).getByText('Agent 25'));
    await screen.findByText("Hi, I'm Agent 25");
  });
});
