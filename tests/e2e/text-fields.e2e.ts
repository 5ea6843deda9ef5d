/**
 * Issue 22, item 2: ordinary text survives the illegal-character check, chosen per widget. A menu's
 * link https://example.com/ is stored as typed (and a javascript: link is refused with a clear
 * message); a customer whose name holds a space and whose remark is prose with ":" and "/" is
 * stored as typed; the seeded demo app, whose name holds a space, saves unchanged.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { RunningServer } from './lib/server';
import { screenshot } from './lib/browser';
import { closeAdminSession, startAdminSession, storedRow, type AdminSession } from './lib/admin-session';
import { OK, notice, openCustomers, pick, recordModal, tableRows } from './lib/operator';

let session: AdminSession;
let server: RunningServer;
let page: Page;

const row = (sql: string, ...params: unknown[]) => storedRow(server, sql, ...params);

before(async () => {
  session = await startAdminSession();
  ({ server, page } = session);
});

after(() => closeAdminSession(session));

test("a menu's link is stored as typed; a javascript: link is refused", async () => {
  await page.goto(`${server.url}/demo/menu`);
  await tableRows(page).first().waitFor();
  await page.getByRole('button', { name: '新增' }).click();
  const add = recordModal(page, '新增');
  await add.getByLabel('菜单名称').fill('官网');
  await pick(page, add.getByRole('combobox', { name: '菜单类型' }), '新窗口打开');
  const url = add.getByLabel('链接地址');
  await url.fill('javascript:alert(1)');
  await add.getByRole('button', { name: OK }).click();
  await add.getByText('请输入以 http:// 或 https:// 开头的网址').waitFor();
  await url.fill('https://example.com/');
  assert.equal(await url.inputValue(), 'https://example.com/');
  await add.getByRole('button', { name: OK }).click();
  await notice(page, '新增成功').waitFor();
  assert.equal(row('SELECT url FROM tessera_sys_menu WHERE title = ?', '官网')?.url, 'https://example.com/');
});

test('a customer name with a space and a prose remark are stored as typed', async () => {
  await page.goto(`${server.url}/demo/index`);
  await openCustomers(page);
  await page.getByRole('button', { name: '新增' }).click();
  const add = recordModal(page, '新增');
  await add.getByLabel('客户名称').fill('ACME Trading Co');
  await pick(page, add.getByRole('combobox', { name: '客户等级' }), '普通');
  await add.getByLabel('备注').fill('line one two: see https://example.com/a 50%');
  await screenshot(page, 'issue22-04-text-with-spaces');
  await add.getByRole('button', { name: OK }).click();
  await notice(page, '新增成功').waitFor();
  const stored = row("SELECT name, remark FROM m_demo_customer WHERE name LIKE 'ACME%'");
  assert.deepEqual(stored, { name: 'ACME Trading Co', remark: 'line one two: see https://example.com/a 50%' });
});

test('the seeded demo app, whose name holds a space, saves unchanged', async () => {
  await page.goto(`${server.url}/demo/app`);
  const demo = tableRows(page).filter({ hasText: 'Tessera 演示应用' }).first();
  await demo.getByRole('button', { name: '编辑' }).click();
  const edit = recordModal(page, '编辑');
  await edit.getByLabel('应用名称').waitFor();
  await edit.getByRole('button', { name: OK }).click();
  await notice(page, '编辑成功').waitFor();
  await screenshot(page, 'issue22-05-demo-app-saved');
});
