/**
 * The AI app generator in a real browser on a production build (issue 19): an admin adds a model
 * against the loopback fake (OUTBOUND_ALLOW_LIST=127.0.0.1), opens the top bar's AI create app and
 * walks the dialog's four states — the default example refused with its warning; a description the
 * fake answers with broken JSON ends, after 3 repair rounds, in the failure result, and restart
 * clears it; a library description gives the progress timeline and the success result with address,
 * account and password. Enter app opens the new app in a new tab, where the shown account signs
 * in, opens a generated module, adds a record and finds it in the list, and opens that module in
 * the form designer.
 * Screenshots: test-results/screenshots/ai-generator-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { choose as chooseIn, formItem, notice as noticeOf, openMenuPage, recordModal, signIn } from './lib/operator';

let server: RunningServer;
let fake: FakeOpenAi;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const promptOf = (fixture: string): string =>
  JSON.parse(readFileSync(`fixtures/ai-generator/${fixture}.json`, 'utf8')).prompt;

before(async () => {
  fake = await startFakeOpenAi();
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  // AI on and shown in the top bar (the app settings page would do the same).
  const db = new Database(join(server.dataDir, 'tessera.db'));
  try {
    db.prepare("UPDATE tessera_sys_app SET ai_config = ? WHERE identify = 'demo'").run(
      JSON.stringify({ enabled: true, showInNavBar: true, payMode: 0 }),
    );
  } finally {
    db.close();
  }
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const item = (scope: Locator, title: string) => formItem(page, scope, title);
const dialog = () => page.getByTestId('ai-app-dialog');
const button = (name: RegExp) => page.locator('.ant-modal-footer').getByRole('button', { name });

test('the generator dialog: warnings, failure and restart, success, and the generated app in a new tab', async () => {
  await signIn(page, server.url);
  await openMenuPage(page, 'AI 管理', '模型管理', 'ai/model');
  await page.getByRole('button', { name: '新增' }).first().click();
  const add = recordModal(page, '新增');
  await item(add, '模型名称').locator('input').fill('生成模型');
  await item(add, '模型标识').locator('input').fill('fake-plan');
  await item(add, '接口地址').locator('input').fill(fake.url);
  await item(add, 'API Key').locator('input').fill(fake.key);
  await chooseIn(page, add, '默认模型', '是');
  await add.getByRole('button', { name: /^确\s?定$/ }).click();
  await noticeOf(page, '新增成功').waitFor();

  // 1. Before creation: the example text is refused.
  await page.getByTestId('bar-ai-app').click();
  await dialog().getByTestId('ai-content').waitFor();
  await screenshot(page, 'ai-generator-1-before');
  await button(/自动生成/).click();
  await noticeOf(page, '请描述要创建的内容').waitFor();

  // 4. Failure: the fake never answers JSON; restart clears the description and the progress.
  await dialog().getByTestId('ai-content').fill(promptOf('broken-json'));
  await button(/自动生成/).click();
  await page.locator('[data-testid="ai-app-dialog"][data-status="failure"]').waitFor({ timeout: 60_000 });
  await dialog().getByText('应用创建失败').waitFor();
  await dialog().getByText('第 3 次请模型修正', { exact: false }).waitFor();
  await screenshot(page, 'ai-generator-4-failure');
  await button(/重新生成/).click();
  assert.equal(await dialog().getByTestId('ai-content').inputValue(), '');

  // 2 and 3. In progress, then the success result.
  await dialog().getByTestId('ai-content').fill(promptOf('slow'));
  await button(/自动生成/).click();
  await page.locator('[data-testid="ai-app-dialog"][data-status="createIng"]').waitFor();
  await dialog().getByText('正在请模型设计应用…').waitFor();
  await screenshot(page, 'ai-generator-2-progress');
  await page.locator('[data-testid="ai-app-dialog"][data-status="success"]').waitFor({ timeout: 60_000 });
  await dialog().getByText('内容由 AI 生成，可能不准确，请核对后使用').waitFor();
  const address = (await dialog().getByTestId('ai-address').innerText()).trim();
  const account = (await dialog().getByTestId('ai-account').innerText()).trim();
  const password = (await dialog().getByTestId('ai-password').innerText()).trim();
  assert.match(address, /\/library\/$/);
  assert.equal(account, '13800000000');
  assert.match(password, /^Ai@\d{8}$/);
  await screenshot(page, 'ai-generator-3-success');

  const [tab] = await Promise.all([browser.context.waitForEvent('page'), button(/进入应用/).click()]);
  await tab.waitForLoadState();
  assert.ok(tab.url().startsWith(address), tab.url());
  await signIn(tab, server.url, { account, password }, 'library');
  await tab.waitForURL(/\/library\/index$/, { timeout: 60_000 });
  // An AI-generated app (source 1) greets its admin with the AI-app tip (platform-shell §4).
  const tip = tab.locator('.ant-modal').filter({ hasText: '不再提醒' });
  await tip.waitFor({ timeout: 30_000 });
  await screenshot(tab, 'ai-generator-5-ai-tip');
  await tip.getByText('不再提醒').click(); // so the reload below does not show it again
  await tip.getByRole('button', { name: /^确\s?定$/ }).click();
  await tip.waitFor({ state: 'hidden' });
  const folder = tab.locator('.ant-menu').getByText('图书馆', { exact: true });
  const entry = tab.locator('.ant-menu').getByText('读者', { exact: true });
  await folder.waitFor();
  if (!(await entry.isVisible())) await folder.click();
  await entry.click();
  await tab.locator('.tessera-list-table').first().waitFor();
  await tab.locator('.tessera-list-table tbody tr').filter({ hasText: '张三' }).waitFor();
  await tab.getByRole('button', { name: '新增' }).first().click();
  const member = recordModal(tab, '新增');
  await formItem(tab, member, '姓名').locator('input').fill('李四');
  await formItem(tab, member, '电话').locator('input').fill('13900000002');
  await member.getByRole('button', { name: /^确\s?定$/ }).click();
  await noticeOf(tab, '新增成功').waitFor();
  await tab.locator('.tessera-list-table tbody tr').filter({ hasText: '李四' }).waitFor();
  await screenshot(tab, 'ai-generator-6-generated-module');

  // The generated module opens in the form designer like any other (模块管理 → 打开设计器).
  await tab.goto(`${server.url}/library/module`);
  const moduleRow = tab.locator('.tessera-list tbody tr').filter({ hasText: 'member' });
  await moduleRow.waitFor({ timeout: 30_000 });
  await moduleRow.getByText('打开设计器').click();
  await tab.waitForURL(/\/library\/design\/[^/]+$/);
  await tab
    .getByTestId('designer')
    .locator('.tessera-designer-node[aria-label="姓名 · name"]')
    .waitFor({ timeout: 30_000 });
  await screenshot(tab, 'ai-generator-7-designer');
});
