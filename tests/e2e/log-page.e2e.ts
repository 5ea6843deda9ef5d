/**
 * Issue 16 item 2: an admin edits a customer's mobile, opens 日志管理 from the menu and finds the
 * update in the operation log — who, which table, the record — and its detail shows the change
 * field by field (before → after); the sign-in log lists this admin's sign-in. Screenshots of the
 * list and the detail (docs/images/logs-*.png come from these).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { OK, notice, openCustomers, pick, recordModal, signIn, tableRows } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A row's cell text under a column title. */
async function cell(row: ReturnType<typeof tableRows>, title: string): Promise<string> {
  const headers = await page.locator('.tessera-list-table thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === title);
  assert.ok(index >= 0, `column ${title}`);
  return (await row.locator('td').nth(index).innerText()).trim();
}

/** Waits until the cell shows the text: labels from a dictApi (the user's name) arrive after the rows. */
async function waitForCell(row: ReturnType<typeof tableRows>, title: string, text: string): Promise<void> {
  const until = Date.now() + 20_000;
  let shown = await cell(row, title);
  while (shown !== text && Date.now() < until) {
    await page.waitForTimeout(200);
    shown = await cell(row, title);
  }
  assert.equal(shown, text, `${title} shows ${text}`);
}

test('an edited record shows in the operation log with a field-by-field diff', async () => {
  await openCustomers(page);
  const row = tableRows(page).first();
  const name = await cell(row, '客户名称');
  const mobile = await cell(row, '手机号');
  const newMobile = mobile === '13911110000' ? '13911112222' : '13911110000';
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = recordModal(page, '编辑');
  await edit.getByLabel('手机号').fill(newMobile);
  await edit.getByRole('button', { name: OK }).click();
  await notice(page, '编辑成功').waitFor();
  await edit.waitFor({ state: 'hidden' });

  // Through the menu, as an admin would: 系统管理 → 日志管理.
  const item = page.locator('.ant-menu-item').filter({ hasText: /^\s*日志管理\s*$/ });
  if (!(await item.isVisible())) await page.getByText('系统管理', { exact: true }).click();
  await item.click();
  await page.waitForURL(/\/demo\/log$/);
  // The customers table may linger for a moment after the route changes: wait for the log's own.
  await page.locator('.tessera-list-table thead th').filter({ hasText: '操作类型' }).first().waitFor();
  const first = tableRows(page).first();
  await first.waitFor();
  // Newest first: the update just made, by the admin, on the customer table.
  assert.equal(await cell(first, '操作类型'), '修改');
  assert.equal(await cell(first, '数据表'), 'customer');
  await waitForCell(first, '操作人', '管理员');
  await screenshot(page, 'logs-01-operation-log');

  // The action filter: 删除 finds nothing yet, 修改 finds the update again.
  const search = page.getByRole('search');
  const actionFilter = search
    .locator('.ant-formily-item')
    .filter({ hasText: '操作类型' })
    .locator('.ant-select-selector');
  const listed = () => page.waitForResponse((r) => r.url().includes('tessera_sys_audit_log/list'));
  await pick(page, actionFilter, '删除');
  let answered = listed();
  await search.getByRole('button', { name: '查询' }).click();
  await answered;
  await tableRows(page).first().waitFor({ state: 'detached' });
  await pick(page, actionFilter, '修改');
  answered = listed();
  await search.getByRole('button', { name: '查询' }).click();
  await answered;
  await first.waitFor();
  assert.equal(await tableRows(page).count(), 1);

  await first.getByRole('button', { name: '详情' }).click();
  const detail = recordModal(page, '详情');
  const diff = detail.locator('table').filter({ hasText: '修改前' });
  await diff.waitFor();
  const changed = diff.locator('tbody tr');
  assert.equal(await changed.count(), 1, 'only the changed field is listed');
  const cells = (await changed.first().locator('td').allInnerTexts()).map((text) => text.trim());
  assert.deepEqual(cells, ['手机号 (mobile)', mobile || '—', newMobile]);
  // The customer's name did not change: it is in the entry's values, not in its diff.
  assert.equal(await diff.getByText(name).count(), 0, 'unchanged fields are not in the diff');
  await screenshot(page, 'logs-02-operation-detail-diff');
  await detail.getByRole('button', { name: '关闭' }).click();
});

test('the sign-in log lists the admin’s sign-in', async () => {
  await page.getByRole('tab', { name: '登录日志' }).click();
  await page.locator('.tessera-list-table thead th').filter({ hasText: '登录方式' }).first().waitFor();
  const row = tableRows(page).filter({ hasText: 'admin' }).first();
  await row.waitFor();
  await waitForCell(row, '结果', '成功');
  assert.equal(await cell(row, '登录方式'), '账号密码');
  await screenshot(page, 'logs-03-sign-in-log');
});
