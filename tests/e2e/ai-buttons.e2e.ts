/**
 * Issue 22, item 7: the top bar's AI buttons never lead to a 404 or a dead end before the AI issues
 * land. With AI off (the demo as seeded) no AI button shows; with AI enabled and shown in the bar,
 * AI 对话 opens the chat page (issue 18, tests/e2e/ai-chat.e2e.ts), AI 绘图 a "coming soon" page
 * inside the layout and AI create app its dialog saying it is coming soon, over the applications list.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { signIn } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

/** Writes the demo app's ai_config straight into this run's database (before the server caches it). */
function setAiConfig(config: object) {
  const db = new Database(join(server.dataDir, 'tessera.db'));
  try {
    db.prepare("UPDATE tessera_sys_app SET ai_config = ? WHERE identify = 'demo'").run(JSON.stringify(config));
  } finally {
    db.close();
  }
}

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('AI off: no AI button in the top bar', async () => {
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
  await page.getByTestId('bar-about').waitFor();
  for (const id of ['bar-ai-app', 'bar-ai-chat', 'bar-ai-draw'])
    assert.equal(await page.getByTestId(id).count(), 0, id);
});

test('AI on: chat opens the chat page, draw a coming-soon page in the layout, create app its dialog; never a 404', async () => {
  setAiConfig({ enabled: true, showInNavBar: true, payMode: 0 });
  // Written behind the server's back: the avatar's 刷新缓存 drops the server's and the page's copy.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-refresh').click();
  await page.getByTestId('bar-ai-chat').waitFor();

  await page.getByTestId('bar-ai-chat').click();
  await page.waitForURL(/\/demo\/ai\/chat$/);
  await page.getByTestId('ai-chat').waitFor();
  await page.getByTestId('top-bar').waitFor();

  await page.getByTestId('bar-ai-draw').click();
  await page.waitForURL(/\/demo\/ai\/img$/);
  await page.getByTestId('ai-pending').getByText('AI 功能即将上线').waitFor();
  assert.equal(await page.getByText('404').count(), 0);
  await screenshot(page, 'issue22-06-ai-draw-coming-soon');

  await page.getByTestId('bar-ai-app').click();
  await page.waitForURL(/\/demo\/app\?create=ai$/);
  await page.getByTestId('ai-app-dialog').getByText('AI 创建应用即将上线').waitFor();
  await screenshot(page, 'issue22-07-ai-app-coming-soon');
  await page.locator('.ant-modal-content').getByRole('button', { name: '确定' }).click();
  await page.waitForURL(/\/demo\/app$/);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
});
