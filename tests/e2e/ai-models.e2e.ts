/**
 * The AI admin pages in a real browser on a production build (issue 18 item 2): the admin opens
 * AI 管理 → 模型管理 from the menu, adds a model against the loopback OpenAI-compatible fake (the
 * server is started with OUTBOUND_ALLOW_LIST=127.0.0.1, the intranet allow-list) and sees only
 * the key's mask, test-calls it (a streamed answer through the SDK), then adds an agent whose model
 * is picked from the option call. Screenshots: test-results/screenshots/ai-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { choose as chooseIn, formItem, notice as noticeOf, openMenuPage, recordModal, signIn } from './lib/operator';

let server: RunningServer;
let fake: FakeOpenAi;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  fake = await startFakeOpenAi();
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const modal = (title: string) => recordModal(page, title);
const notice = (text: string) => noticeOf(page, text);
const item = (scope: Locator, title: string) => formItem(page, scope, title);
const choose = (scope: Locator, title: string, option: string) => chooseIn(page, scope, title, option);

test('an admin adds a chat model, test-calls it through the fake provider and adds an agent on it', async () => {
  await signIn(page, server.url);
  await openMenuPage(page, 'AI 管理', '模型管理', 'ai/model');

  await page.getByRole('button', { name: '新增' }).first().click();
  const add = modal('新增');
  await item(add, '模型名称').locator('input').fill('本地模型');
  await choose(add, '服务商', '自定义（OpenAI 兼容接口，如 Ollama、vLLM）');
  await item(add, '模型标识').locator('input').fill('fake-chat');
  await item(add, '接口地址').locator('input').fill(fake.url);
  await item(add, 'API Key').locator('input').fill(fake.key);
  await choose(add, '默认模型', '是');
  await screenshot(page, 'ai-model-form');
  await add.getByRole('button', { name: '确定' }).click();
  await notice('新增成功').waitFor();

  const row = page.locator('.tessera-list-table tbody tr').filter({ hasText: '本地模型' });
  await row.waitFor();
  assert.equal((await page.content()).includes(fake.key), false);

  await row.getByRole('button', { name: '测试' }).click();
  const result = page.locator('.ant-modal-confirm').filter({ hasText: /调用成功：首字 \d+ ms，共 \d+ ms/ });
  await result.waitFor();
  assert.match(await result.innerText(), /You asked: 你好，请用一句话介绍你自己。/);
  await screenshot(page, 'ai-model-test-call');
  await result.getByRole('button', { name: '确定' }).click();
  assert.equal(fake.calls.at(-1)?.authorization, `Bearer ${fake.key}`);

  await page.goto(`${server.url}/demo/index`);
  await openMenuPage(page, 'AI 管理', '智能体', 'ai/agent');
  await page.getByRole('button', { name: '新增' }).first().click();
  const addAgent = modal('新增');
  await item(addAgent, '名称').locator('input').fill('销售助手');
  await choose(addAgent, '模型', '本地模型');
  await item(addAgent, '角色描述').locator('textarea').fill('回答客户与销售相关的问题');
  await item(addAgent, '推荐问题').locator('textarea').fill('本月新增了多少客户？\n哪些客户是 VIP？');
  await addAgent.getByRole('button', { name: '确定' }).click();
  await notice('新增成功').waitFor();
  await page.locator('.tessera-list-table tbody tr').filter({ hasText: '销售助手' }).waitFor();
  await screenshot(page, 'ai-agent-list');
});
