/**
 * Issue 22, item 6 (the parts in the shell): an error already on screen turns English when the
 * language switches; the home page's hint names the menu where it is (left or top); the header
 * stays in view when a dialog opens over a scrolled page.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { openCustomers, recordModal, signIn, tableRows } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 }); // the first sign-in fetches every shell chunk
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('an error on screen follows the language switch', async () => {
  // The sign-in form, before signing in: 登录 with nothing filled shows its errors in Chinese.
  const fresh = await openBrowser();
  // Closed whatever happens: a browser left open keeps this file's process (and the run) alive.
  try {
    const login = fresh.page;
    await login.goto(`${server.url}/demo/login`);
    await login.getByRole('button', { name: '登录' }).click();
    await login.getByText('请输入账号').first().waitFor();
    await login.getByRole('button', { name: 'English' }).click();
    await login
      .getByText(/Please enter.*account/i)
      .first()
      .waitFor();
    // antd animates the old message out, so both can stand for a moment; the Chinese one must go.
    await login.getByText('请输入账号').first().waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(await login.getByText('请输入账号').count(), 0);
    await screenshot(login, 'issue22-09-error-in-english');
    await login.getByRole('button', { name: '中文' }).click();
    await login.getByText('请输入账号').first().waitFor();
  } finally {
    await fresh.close();
  }
});

test('the home hint names the menu where it is', async () => {
  await page.goto(`${server.url}/demo/index`);
  await page.getByText('从左侧菜单打开一个模块开始工作。').waitFor();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-menu-mode').click();
  await page.getByTestId('nav-horizontal').waitFor();
  await page.getByText('从顶部菜单打开一个模块开始工作。').waitFor();
  await screenshot(page, 'issue22-10-home-top-menu');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-menu-mode').click();
  await page.getByTestId('sider').waitFor();
  await page.getByText('从左侧菜单打开一个模块开始工作。').waitFor();
});

test('the header stays in view under a dialog opened on a scrolled page', async () => {
  await page.goto(`${server.url}/demo/index`);
  await openCustomers(page);
  await page.locator('.ant-pagination-options .ant-select-selector').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '50 条/页' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 50);
  await tableRows(page).nth(45).scrollIntoViewIfNeeded();
  assert.ok((await page.evaluate(() => window.scrollY)) > 500, 'the page is scrolled');
  await tableRows(page).nth(45).getByRole('button', { name: '编辑' }).click();
  await recordModal(page, '编辑').getByLabel('客户名称').waitFor();
  const bar = await page.getByTestId('top-bar').boundingBox();
  assert.ok(bar && bar.y >= 0 && bar.y < 56, `the top bar is in view (y ${bar?.y})`);
  await page.screenshot({ path: 'test-results/screenshots/issue22-11-header-under-dialog.png' });
});
