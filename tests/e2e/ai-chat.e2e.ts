/**
 * The ai/chat page in a real browser on a production build (issue 18 item 3): the demo app seals
 * every call and the chat's stream (the envelope is on). An operator (a plain role: ai/chat is open
 * to every signed-in user) first finds no model configured and is told so; the admin then configures
 * models and an agent (through the sealed API: tests/e2e/ai-models.e2e.ts walks the admin pages)
 * against the loopback OpenAI-compatible fake. The operator picks the agent in the new-chat popover,
 * sees its greeting and tips, sends one, watches the answer stream in as markdown with a copyable
 * code block, the model lock shows, continuous conversation carries the history; stops a slow answer
 * midway (twice) and keeps the partial answer marked; a dropped upstream and a rejected key each say
 * why. Screenshots: test-results/screenshots/ai-chat-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { addOperator } from './lib/operator-user';
import { notice, pick, signIn } from './lib/operator';
import { sealedApi } from './lib/sealed-api';

const OPERATOR = { account: 'chat_user', password: 'Chatter#2026', name: '对话用户', roleName: 'E2E chat user' };
const TIPS = ['本月新增了多少客户？', '哪些客户是 VIP？', '如何提高客户复购率？', '帮我写一段客户回访话术'];

let server: RunningServer;
let fake: FakeOpenAi;
let db: Db;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  fake = await startFakeOpenAi({ slowMs: 1600 });
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(`${server.url}/api/app/demo`)).json()) as { data: { id: string } };
  await addOperator(db, info.data.id, OPERATOR);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
  await fake?.close();
});

/** The admin's configuration: models on the fake (one with a wrong key) and an agent with tips. */
async function configure() {
  const api = await sealedApi(server);
  await api.signInAdmin();
  const add = async (label: string, model: string, extra: Record<string, unknown> = {}) => {
    const reply = await api.call('POST', '/api/aiModels', {
      label,
      provider: 'custom',
      model,
      base_url: fake.url,
      api_key: fake.key,
      ...extra,
    });
    assert.equal(reply.code, '200', reply.message);
    return reply.data.id as string;
  };
  const local = await add('本地模型', 'fake-chat', { is_default: 1 });
  await add('慢速模型', 'fake-drip');
  await add('断线模型', 'fake-disconnect');
  await add('错误密钥', 'fake-chat', { api_key: 'sk-wrong-0000000000' });
  const agent = await api.call('POST', '/api/aiAgents', {
    name: '销售助手',
    role: '回答客户与销售相关的问题',
    system_prompt: '你是销售助手。',
    tips: TIPS.join('\n'),
    model_id: local,
  });
  assert.equal(agent.code, '200', agent.message);
}

const input = () => page.getByTestId('ai-chat-input');
const answers = () => page.getByTestId('ai-chat-answer');
const idle = () => page.getByTestId('ai-chat-send').waitFor();
const chooseModel = (label: string) =>
  pick(page, page.locator('[data-testid=ai-chat-model] .ant-select-selector'), label);
async function newChat(agent?: string) {
  await page.getByTestId('ai-chat-new').click();
  await page
    .getByTestId('ai-chat-agents')
    .getByText(agent ?? '普通对话', { exact: true })
    .click();
}

test('without a model the page says so and sends nothing', async () => {
  await signIn(page, server.url, OPERATOR);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await page.goto(`${server.url}/demo/ai/chat`);
  await page.getByTestId('ai-chat-no-model').waitFor();
  await input().fill('你好');
  await input().press('Enter');
  await notice(page, '尚未配置可用的对话模型').first().waitFor();
  assert.equal(await input().inputValue(), '你好');
  assert.equal(fake.calls.length, 0);
  await screenshot(page, 'ai-chat-no-model');
});

test('an operator chats with an agent: greeting and tips, a streamed markdown answer, the model lock, continuous context', async () => {
  await configure();
  await page.reload();
  await page.getByText('你好，我是AI 助手').waitFor();
  await newChat('销售助手');
  await page.getByText('你好，我是销售助手').waitFor();
  await page.getByTestId('ai-chat-greeting').getByText('回答客户与销售相关的问题').waitFor();
  assert.equal(await page.getByTestId('ai-chat-tip').count(), TIPS.length);
  await screenshot(page, 'ai-chat-greeting');

  await page.getByTestId('ai-chat-tip').first().click();
  assert.equal(await input().inputValue(), TIPS[0]);
  await input().press('Enter');
  await answers()
    .first()
    .filter({ hasText: `You asked: ${TIPS[0]}` })
    .waitFor();
  await idle();
  await page.getByTestId('ai-chat-model-note').filter({ hasText: '模型不可修改' }).waitFor();
  await page.getByTestId('ai-chat-session').filter({ hasText: TIPS[0] }).waitFor();
  assert.equal(fake.calls.at(-1)?.body.messages?.[0]?.content, '你是销售助手。');

  // Ctrl+Enter adds a line, Enter sends; the question quotes code, which the answer shows highlighted with a copy button.
  await input().fill('');
  const lines = ['怎么写加法函数？', '```js', 'function add(a, b) { return a + b; }', '```'];
  for (const [i, line] of lines.entries()) {
    if (i > 0) await input().press('Control+Enter');
    await input().pressSequentially(line);
  }
  assert.match(await input().inputValue(), /^怎么写加法函数？\n```js\n/);
  await input().press('Enter');
  await answers().nth(1).locator('pre .hljs-keyword').first().waitFor();
  await answers().nth(1).locator('.tessera-chat-copy').waitFor();
  await idle();
  // Continuous conversation (on by default): the first exchange went along with the second question.
  const sent = fake.calls.at(-1)?.body.messages?.map((m) => m.content) ?? [];
  assert.equal(sent[1], TIPS[0]);
  assert.match(sent[2] ?? '', /^You asked: /);
  await screenshot(page, 'ai-chat-answer');

  await page.getByTestId('ai-chat-continuous').click();
  await input().fill('只看这一句');
  await input().press('Enter');
  await answers().nth(2).filter({ hasText: 'You asked: 只看这一句' }).waitFor();
  await idle();
  assert.deepEqual(
    fake.calls.at(-1)?.body.messages?.map((m) => m.content),
    ['你是销售助手。', '只看这一句'],
  );
});

test('stop ends a slow answer midway (pressed twice) and keeps the partial answer, marked', async () => {
  await newChat();
  await chooseModel('慢速模型');
  await input().fill('请慢慢介绍一下你自己');
  await input().press('Enter');
  await answers().first().filter({ hasText: 'You asked:' }).waitFor();
  await screenshot(page, 'ai-chat-streaming');
  const stop = page.getByTestId('ai-chat-stop');
  await stop.click();
  await stop.click({ timeout: 1000 }).catch(() => undefined);
  await page.getByTestId('ai-chat-partial').filter({ hasText: '已停止生成，以上为部分回答' }).waitFor();
  await idle();
  assert.doesNotMatch((await answers().first().innerText()).trim(), /my answer\.$/);
  await page.getByTestId('ai-chat-model-lock').waitFor();
  await screenshot(page, 'ai-chat-stopped');
});

test('a dropped upstream keeps what arrived and says why; a rejected key gives the question back', async () => {
  await newChat();
  await chooseModel('断线模型');
  await input().fill('断线测试');
  await input().press('Enter');
  await page.getByTestId('ai-chat-partial').filter({ hasText: '回答中断，以上为部分回答' }).waitFor();
  await idle();

  await newChat();
  await chooseModel('错误密钥');
  await input().fill('密钥测试');
  await input().press('Enter');
  await notice(page, '模型服务拒绝了 API Key，请检查模型配置').first().waitFor();
  await idle();
  assert.equal(await input().inputValue(), '密钥测试');
  assert.equal(await answers().count(), 0);
  await page.getByTestId('ai-chat-greeting').waitFor();
  await screenshot(page, 'ai-chat-refused');
});
