/**
 * The importTemplate page (issue 16 item 7, docs/import-templates.md), as an admin would use it:
 * open 导入模板 from the menu, add a template for the customers module with three columns in a
 * chosen order, and see it listed; a bad field key is refused with the server's message. Then on
 * the customers list the import dialog offers the template, and a spreadsheet laid out as the
 * template imports. Screenshots: test-results/screenshots/import-template-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { createDb, type Db } from '../../server/db/create-db';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { OK, notice, openCustomers, pick, recordModal, signIn, tableRows } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

/** Fills row `index` of the column sub-table: key, title, required, sample. */
async function column(modal: Locator, index: number, key: string, title: string, required: boolean) {
  await modal.getByRole('button', { name: '添加一行' }).click();
  const row = modal.locator('.ant-table-tbody tr.ant-table-row').nth(index);
  const inputs = row.locator('input.ant-input');
  await inputs.nth(0).fill(key);
  await inputs.nth(1).fill(title);
  // The rows' selects each open their own dropdown; the one just opened is the last in the page
  // (an earlier row's may still be leaving, hidden, with the same options).
  await row.locator('.ant-select').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .last()
    .locator('.ant-select-item-option')
    .filter({ hasText: required ? '是 Yes' : '否 No' })
    .click();
}

test('an admin builds an import template and imports a spreadsheet with it', async () => {
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
  const item = page.locator('.ant-menu-item').filter({ hasText: /^\s*导入模板\s*$/ });
  await page.getByText('首页', { exact: true }).first().waitFor();
  const shown = await item.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) await page.getByText('系统管理', { exact: true }).click();
  await item.click();
  await page.waitForURL(/\/demo\/importTemplate$/);
  await page.locator('.tessera-list-table').waitFor();

  await page.getByRole('button', { name: '新增' }).click();
  const add = recordModal(page, '新增');
  await add.getByLabel('模板名称').fill('客户简表');
  await pick(page, add.getByRole('combobox', { name: '模块' }), '客户');
  await column(add, 0, 'mobile', '联系电话', false);
  await column(add, 1, 'name', '客户', true);
  await column(add, 2, 'nosuch', '不存在', false);
  await add.getByRole('button', { name: OK }).click();
  await page.getByText('模块「customer」没有可导入的字段「nosuch」').first().waitFor();
  // Fix the bad row: it becomes 等级 (level).
  const third = add.locator('.ant-table-tbody tr.ant-table-row').nth(2).locator('input.ant-input');
  await third.nth(0).fill('level');
  await third.nth(1).fill('等级');
  await screenshot(page, 'import-template-edit');
  await add.getByRole('button', { name: OK }).click();
  await add.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: '客户简表', exact: true }).waitFor();
  await screenshot(page, 'import-template-list');
  const stored = await db.db
    .selectFrom('tessera_sys_import_template')
    .select(['table_name', 'fields'])
    .where('name', '=', '客户简表')
    .executeTakeFirstOrThrow();
  assert.equal(stored.table_name, 'customer');
  assert.deepEqual(
    JSON.parse(String(stored.fields)).map((f: { key: string }) => f.key),
    ['mobile', 'name', 'level'],
  );

  // The customers list's import dialog offers it; a sheet laid out as the template imports.
  await page.goto(`${server.url}/demo/index`);
  await openCustomers(page);
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.locator('.tessera-list-import');
  await pick(page, dialog.locator('.tessera-import-template'), '客户简表');
  const file = await xlsxOf([
    ['联系电话', '*客户', '*等级'],
    ['13700001111', 'E2E模板客户', 'VIP'],
  ]);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'customers.xlsx', mimeType: 'application/octet-stream', buffer: file });
  await screenshot(page, 'import-template-dialog');
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await notice(page, '成功导入 1 条数据').waitFor();
  await tableRows(page).filter({ hasText: 'E2E模板客户' }).first().waitFor();
});
