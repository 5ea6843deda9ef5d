/**
 * Issue 22, item 1: a menu added under 系统管理 shows ticked in the admin role's tree (its folder is
 * granted) and 确定 without any change stores the grant — what the form shows is what is saved. The
 * stored role lists the menu, its detail shows it, a new sign-in has it in the sidebar and the route
 * opens (not 404).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { RunningServer } from './lib/server';
import { screenshot } from './lib/browser';
import { closeAdminSession, startAdminSession, storedRow, type AdminSession } from './lib/admin-session';
import { OK, notice, pick, recordModal, signIn, tableRows } from './lib/operator';

let session: AdminSession;
let server: RunningServer;
let browser: AdminSession['browser'];
let page: Page;
const TITLE = '审计日志';

/** The admin role's stored menu_ids and the new menu's id, read from this run's own database. */
function stored(): { menuIds: string[]; menuId: string } {
  const role = storedRow(server, "SELECT menu_ids FROM tessera_sys_role WHERE identify = 'admin'") as {
    menu_ids: string;
  };
  const menu = storedRow(server, 'SELECT id FROM tessera_sys_menu WHERE title = ?', TITLE) as
    { id: string } | undefined;
  return { menuIds: role.menu_ids.split(','), menuId: menu?.id ?? '' };
}

before(async () => {
  session = await startAdminSession();
  ({ server, browser, page } = session);
});

after(() => closeAdminSession(session));

test('a menu added under 系统管理 is granted by pressing 确定 on the unchanged admin role', async () => {
  await page.goto(`${server.url}/demo/menu`);
  await tableRows(page).first().waitFor();
  await page.getByRole('button', { name: '新增' }).click();
  const add = recordModal(page, '新增');
  await add.getByLabel('菜单名称').fill(TITLE);
  await pick(page, add.getByRole('combobox', { name: '菜单类型' }), '固定路径');
  await add.getByRole('combobox', { name: '上级菜单' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .filter({ hasText: /^系统管理$/ })
    .click();
  await add.getByLabel('路径').fill('log');
  await add.getByRole('button', { name: OK }).click();
  await notice(page, '新增成功').waitFor();
  const before = stored();
  assert.ok(before.menuId, 'the menu is stored');
  assert.ok(!before.menuIds.includes(before.menuId), 'not granted yet');

  await page.goto(`${server.url}/demo/role`);
  const row = tableRows(page).filter({ hasText: '管理员' }).first();
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = recordModal(page, '编辑');
  // The tree shows the new menu ticked (its folder is granted), as a tag among the selected menus.
  await edit.locator('.ant-select-selection-item').filter({ hasText: TITLE }).waitFor();
  await screenshot(page, 'issue22-01-role-edit-shows-new-menu');
  await edit.getByRole('button', { name: OK }).click();
  await notice(page, '编辑成功').waitFor();
  await edit.waitFor({ state: 'hidden' });
  assert.ok(stored().menuIds.includes(before.menuId), 'the grant shown in the form is stored');

  await row.getByRole('button', { name: '详情' }).click();
  const detail = recordModal(page, '详情');
  await detail.getByText(TITLE).first().waitFor();
  await screenshot(page, 'issue22-02-role-detail-lists-new-menu');
  await detail.getByRole('button', { name: '关闭' }).click();
});

test('after a new sign-in the sidebar has the granted menu and its route opens', async () => {
  await browser.context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
  const item = page.locator('.ant-menu-item').filter({ hasText: new RegExp(`^\\s*${TITLE}\\s*$`) });
  // Open the group only when it is closed: clicking its title while it is still opening (the item
  // not yet "visible" mid-animation) would close it again.
  const group = page.locator('.ant-menu-submenu').filter({ hasText: '系统管理' }).first();
  await group.waitFor();
  if (!(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
    await group.locator('.ant-menu-submenu-title').first().click();
  await item.waitFor({ state: 'visible' });
  await item.click();
  await page.waitForURL(/\/demo\/log$/);
  assert.equal(await page.getByText('404').count(), 0, 'the route is not 404');
  await screenshot(page, 'issue22-03-granted-menu-opens');
});
