/**
 * The walking skeleton, as a user walks it: sign in (a wrong password first), open the customers
 * module from the menu, add a record, find it with the search form, look at it, delete it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(password: string) {
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录' }).click();
}

test('the app root goes to the login page', async () => {
  await page.goto(`${server.url}/demo`);
  await page.waitForURL(/\/demo\/login$/);
  await page.getByText('Tessera 演示应用').first().waitFor();
  await page.getByTestId('pic-code').locator('img').waitFor();
  await screenshot(page, 'skeleton-01-login');
});

test('a wrong password is refused with the same message as an unknown account', async () => {
  await signIn('wrong-password');
  const notice = page.locator('.ant-message-notice').last();
  await notice.waitFor();
  assert.match(await notice.innerText(), /账号或密码错误/);
  assert.match(page.url(), /\/demo\/login$/);
});

test('signing in shows the main layout with the menu from the admin roles', async () => {
  await signIn('Tessera@2026');
  await page.waitForURL(/\/demo\/index$/);
  // The module sits in the 客户管理 group; open it the way a user would if it is folded.
  const group = page.getByRole('menuitem', { name: '客户管理' });
  await group.waitFor();
  const item = page.getByRole('menuitem', { name: '客户', exact: true });
  if (!(await item.isVisible())) await group.click();
  await item.waitFor();
  await screenshot(page, 'skeleton-02-home');
});

test('the customers module renders its list from the schema', async () => {
  await page.getByRole('menuitem', { name: '客户', exact: true }).click();
  await page.waitForURL(/\/demo\/common\/[^/]+$/);
  await page.getByRole('button', { name: '查询' }).waitFor();
  await page.getByRole('button', { name: '重置' }).waitFor();
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  assert.equal(await page.locator('.ant-table-tbody tr.ant-table-row').count(), 10);
  await page.getByText('共 50 条').or(page.locator('.ant-pagination-total-text')).first().waitFor();
  await screenshot(page, 'skeleton-03-customers');
});

const newName = `端到端客户${Date.now() % 100000}`;

test('adding a record: a validation error first, then 新增成功', async () => {
  await page.getByRole('button', { name: '新增' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '新增' });
  await modal.waitFor();
  await modal.getByRole('button', { name: '确定' }).click();
  await modal.getByText('客户名称不能为空').first().waitFor();
  await screenshot(page, 'skeleton-04-add-invalid');
  await modal.getByLabel('客户名称').fill(newName);
  await modal.getByLabel('手机号').fill('13912345678');
  await modal.getByRole('combobox', { name: '客户等级' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await modal.getByRole('button', { name: '确定' }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '新增成功' }).waitFor();
  await modal.waitFor({ state: 'hidden' });
});

test('the search form finds the new record', async () => {
  const search = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: '查询' }) })
    .first();
  await search.getByLabel('客户名称').fill(newName);
  await page.getByRole('button', { name: '查询' }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
  assert.match(await rows.first().innerText(), new RegExp(newName));
  await screenshot(page, 'skeleton-05-search');
});

test('the detail modal shows the record read-only', async () => {
  await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText('详情').click();
  const modal = page.locator('.ant-modal').filter({ hasText: '详情' });
  await modal.getByText(newName).first().waitFor();
  assert.equal(await modal.locator('input:not([type=hidden])').count(), 0, 'detail mode has no editable inputs');
  await screenshot(page, 'skeleton-06-detail');
  await modal.getByRole('button', { name: '关闭' }).click();
  await modal.waitFor({ state: 'hidden' });
});

test('deleting the record asks first, then 删除成功 and it is gone', async () => {
  await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText('删除').click();
  const confirm = page.locator('.ant-modal-confirm, .ant-popover').filter({ hasText: '确认删除？' });
  await confirm.getByText('删除后不可恢复，请谨慎操作').waitFor();
  await screenshot(page, 'skeleton-07-delete-confirm');
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '删除成功' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 0);
  await page.locator('.ant-empty').first().waitFor();
});
