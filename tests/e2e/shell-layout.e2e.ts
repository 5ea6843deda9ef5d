/**
 * The platform shell's layouts in Chromium (platform-shell §2): the login page and the main layout
 * in both menu modes, collapse (200 → 60 px) and fold, the personal center tabs, every core admin
 * page rendered from its schema, and switching to English and back — with screenshots in both
 * languages (test-results/screenshots/shell-*.png).
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

const url = (path: string) => `${server.url}${path}`;
const siderWidth = () => page.getByTestId('sider').evaluate((el) => Math.round(el.getBoundingClientRect().width));

/** The admin pages of issue 4: route, a zh and an en text the page shows, whether rows are seeded. */
const ADMIN_PAGES: { route: string; zh: string; en: string; seeded?: boolean; pageSize?: number }[] = [
  { route: 'user', zh: '用户管理', en: 'Users', seeded: true, pageSize: 10 },
  { route: 'role', zh: '角色管理', en: 'Roles', seeded: true, pageSize: 10 },
  { route: 'menu', zh: '菜单管理', en: 'Menus', seeded: true, pageSize: 20 },
  // Not seeded; the department test above adds two before the English pass.
  { route: 'dept', zh: '部门管理', en: 'Departments' },
  // The app table is being exposed by the common API (another issue): rows or the empty table.
  { route: 'app', zh: '应用管理', en: 'Applications', seeded: undefined },
];

const PAGE_SIZE_TEXT = {
  zh: (n: number) => `${n} 条/页`,
  en: (n: number) => `${n} / page`,
};

async function openAdminPages(lang: 'zh' | 'en') {
  for (const admin of ADMIN_PAGES) {
    await page.goto(url(`/demo/${admin.route}`));
    await page.locator('.tessera-page').getByText(admin[lang], { exact: true }).first().waitFor();
    await page.locator('.ant-table').first().waitFor();
    if (admin.seeded) await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    else if (admin.seeded === false) await page.locator('.ant-empty').first().waitFor();
    else await page.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-empty').first().waitFor();
    if (admin.pageSize) {
      // antd's own texts follow the language: the ESM locale is the one the build picks up.
      const sizeChanger = page.locator('.ant-pagination-options .ant-select-selection-item').first();
      assert.equal(await sizeChanger.textContent(), PAGE_SIZE_TEXT[lang](admin.pageSize));
    }
    await screenshot(page, `shell-admin-${admin.route}-${lang}`);
  }
}

test('the login page in Chinese and English', async () => {
  await page.goto(url('/demo/login'));
  await page.getByRole('tab', { name: '账号密码登录' }).waitFor();
  await page.getByRole('link', { name: '注册账号' }).waitFor();
  await screenshot(page, 'shell-login-zh');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('tab', { name: 'SMS code' }).waitFor();
  await page.getByPlaceholder('Account or mobile number').waitFor();
  await screenshot(page, 'shell-login-en');
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByPlaceholder('请输入账号或手机号').waitFor();
});

test('register and forget-password screens ask for an SMS code', async () => {
  await page.getByRole('link', { name: '注册账号' }).click();
  await page.waitForURL(/\/demo\/register$/);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('请输入手机号').first().waitFor();
  await screenshot(page, 'shell-register-zh');
  await page.getByRole('link', { name: '返回登录' }).click();
  await page.getByRole('link', { name: '忘记密码' }).click();
  await page.waitForURL(/\/demo\/forget$/);
  await page.getByRole('button', { name: '重置密码' }).waitFor();
  await page.getByRole('link', { name: '返回登录' }).click();
});

test('the main layout: side menu, collapse 200 → 60 px, fold, top menu', async () => {
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/demo\/index$/);
  await page.getByRole('menuitem', { name: '用户管理', exact: true }).waitFor();
  assert.equal(await siderWidth(), 200);
  await screenshot(page, 'shell-main-side-zh');

  await page.getByTestId('collapse').click();
  await page.waitForFunction(
    () => Math.round(document.querySelector('[data-testid=sider]')!.getBoundingClientRect().width) === 60,
  );
  await page.getByTestId('collapse').click();
  await page.waitForFunction(
    () => Math.round(document.querySelector('[data-testid=sider]')!.getBoundingClientRect().width) === 200,
  );

  await page.getByTestId('bar-fold').click();
  await page.getByTestId('sider').waitFor({ state: 'detached' });
  await page.getByTestId('bar-fold').click();
  await page.getByTestId('sider').waitFor();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-menu-mode').click();
  await page.getByTestId('nav-horizontal').waitFor();
  assert.equal(await page.getByTestId('sider').count(), 0);
  await page.getByTestId('avatar-menu-mode').waitFor({ state: 'hidden' });
  await screenshot(page, 'shell-main-top-zh');
  // The choice is kept for the next visit.
  await page.reload();
  await page.getByTestId('nav-horizontal').waitFor();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-menu-mode').click();
  await page.getByTestId('sider').waitFor();
});

test('the admin bar items show for an admin; the bell goes to the to-do list', async () => {
  for (const id of ['bar-about', 'bar-readme', 'bar-todo']) {
    await page.getByTestId(id).waitFor();
  }
  // The service QR and the demo video show once set on the system settings page (sys-page.e2e.ts).
  for (const id of ['bar-service', 'bar-video']) assert.equal(await page.getByTestId(id).count(), 0, id);
  // The demo app has AI switched off and pay mode 0: no AI create app, AI chat, AI draw or recharge
  // (AI on: tests/e2e/ai-buttons.e2e.ts).
  for (const id of ['bar-ai-app', 'bar-ai-chat', 'bar-ai-draw', 'bar-recharge'])
    assert.equal(await page.getByTestId(id).count(), 0);
  await page.getByTestId('bar-todo').click();
  await page.waitForURL(/\/demo\/backlog$/);
});

test('the personal center opens on the tab the avatar popover names', async () => {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-password').click();
  await page.waitForURL(/\/demo\/user\/detail\?tab=change-password$/);
  await page.getByLabel('原密码').waitFor();
  // A weak new password is refused in the form before any call.
  await page.getByLabel('原密码').fill('Tessera@2026');
  await page.getByLabel('新密码', { exact: true }).fill('short');
  await page.getByRole('button', { name: '保存' }).click();
  // Under the field (exact: the runtime's notice repeats it after the field's title, 新密码密码须为…).
  await page.getByText('密码须为 8–120 位，且同时包含字母和数字', { exact: true }).waitFor();
  await screenshot(page, 'shell-personal-password-zh');
  await page.getByRole('tab', { name: '基本信息' }).click();
  await page.getByLabel('姓名').waitFor();
  assert.equal(await page.getByLabel('姓名').inputValue(), '管理员');
});

test('every core admin page renders from its schema, in Chinese', async () => {
  await openAdminPages('zh');
});

/** Waits until antd's open / close animations are over, so a screenshot shows the settled page. */
const settled = () =>
  page.waitForFunction(
    () => !document.querySelector('[class*="-zoom-appear"],[class*="-zoom-enter"],[class*="-zoom-leave"]'),
  );

const modalItem = (label: string) => page.locator('.ant-modal-content .ant-formily-item', { hasText: label });

test('a role’s menus are a tree of checkboxes, stored and shown again', async () => {
  await page.goto(url('/demo/role'));
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await modalItem('角色名称').locator('input').fill('E2E树形角色');
  await modalItem('角色标识').locator('.ant-select-selector').click();
  await page.locator('.ant-select-item-option', { hasText: '普通用户' }).click();
  await modalItem('菜单权限').locator('.ant-select-selector').click();
  const titles = page.locator('.ant-select-tree-title');
  // The tree is a virtual list: the groups above 系统管理 (客户管理, AI 管理) may fill its window.
  await titles.first().waitFor();
  const rendered = await titles.allTextContents();
  // Every node has its checkbox (treeCheckable).
  assert.equal(await page.locator('.ant-select-tree-treenode .ant-select-tree-checkbox').count(), rendered.length);
  // The tree is a virtual list (the system pages' menus no longer fit it): scroll through it.
  const names = new Set(rendered);
  const holder = page.locator('.ant-select-tree-list-holder');
  for (let step = 0; step < 20; step++) {
    await holder.evaluate((el) => (el.scrollTop += 100));
    await page.waitForTimeout(30);
    for (const name of await titles.allTextContents()) names.add(name);
  }
  for (const name of ['用户管理', '角色管理', '菜单管理', '部门管理']) assert.ok(names.has(name), name);
  // Scrolls the virtual list from the top until the node is rendered (the groups above 系统管理 grow).
  const reveal = async (name: RegExp) => {
    await holder.evaluate((el) => (el.scrollTop = 0));
    for (let step = 0; step < 40 && (await titles.filter({ hasText: name }).count()) === 0; step++) {
      await holder.evaluate((el) => (el.scrollTop += 60));
      await page.waitForTimeout(30);
    }
    return titles.filter({ hasText: name });
  };
  // The virtual list re-renders its rows while it scrolls: click once the row holds still, again if
  // it was replaced under the pointer.
  const tick = async (name: RegExp) => {
    for (let attempt = 0; ; attempt++) {
      const row = await reveal(name);
      await page.waitForTimeout(150);
      try {
        return await row.click({ timeout: 5_000 });
      } catch (error) {
        if (attempt >= 4) throw error;
      }
    }
  };
  await tick(/^用户管理$/);
  await tick(/^角色管理$/);
  await modalItem('菜单权限').locator('.ant-select-selection-item', { hasText: '用户管理' }).waitFor();
  await settled();
  await screenshot(page, 'shell-role-menu-tree-zh');
  await modalItem('菜单权限').locator('.ant-select-selection-item', { hasText: '角色管理' }).waitFor();
  await page.locator('.ant-modal-title').click();
  await page.locator('.ant-modal-content').getByRole('button', { name: '确定', exact: true }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'E2E树形角色' });
  await row.waitFor();
  // Edit shows the stored comma-joined ids as the two checked menus again.
  await row.getByRole('button', { name: '编辑' }).click();
  const chosen = modalItem('菜单权限').locator('.ant-select-selection-item');
  await chosen.filter({ hasText: '角色管理' }).waitFor();
  assert.deepEqual((await chosen.allTextContents()).sort(), ['用户管理', '角色管理'].sort());
  await page.locator('.ant-modal-content').getByRole('button', { name: '关闭', exact: true }).click();
  await page.locator('.ant-modal-content').waitFor({ state: 'hidden' });
});

test('a menu’s icon is chosen in the icon picker; parents are picked from a tree', async () => {
  await page.goto(url('/demo/menu'));
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await modalItem('上级菜单').locator('.ant-select-selector').click();
  // A virtual list: scroll it until 用户管理 (under 系统管理, below the other groups) is rendered.
  const parentTitles = page.locator('.ant-select-tree-title');
  await parentTitles.first().waitFor();
  const parentList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-list-holder');
  for (let step = 0; step < 40 && (await parentTitles.filter({ hasText: /^用户管理$/ }).count()) === 0; step++) {
    await parentList.evaluate((el) => (el.scrollTop += 60));
    await page.waitForTimeout(30);
  }
  await parentTitles.filter({ hasText: /^用户管理$/ }).waitFor();
  await page.locator('.ant-modal-title').click();
  await modalItem('图标').getByRole('button', { name: '选择图标' }).click();
  const picker = page.locator('.ant-modal-content', { has: page.locator('.tessera-icon-grid') });
  await picker
    .getByPlaceholder(/搜索|图标/)
    .first()
    .fill('HomeOut');
  await picker.locator('.tessera-icon-option[title="HomeOutlined"]').waitFor();
  await settled();
  await screenshot(page, 'shell-menu-icon-picker-zh');
  await picker.locator('.tessera-icon-option[title="HomeOutlined"]').click();
  await modalItem('图标').locator('.tessera-icon-name', { hasText: 'HomeOutlined' }).waitFor();
  await modalItem('图标').locator('.tessera-icon svg').waitFor();
  await settled();
  await screenshot(page, 'shell-menu-form-zh');
  await page.locator('.ant-modal-content').getByRole('button', { name: '关闭', exact: true }).click();
});

test('a department’s parent is picked from the department tree and shown in the list', async () => {
  await page.goto(url('/demo/dept'));
  await page.locator('.ant-table').first().waitFor();
  for (const [name, parent] of [
    ['总部', undefined],
    ['研发部', '总部'],
  ] as const) {
    // A fresh page each time, as an operator coming back to the form would have.
    await page.reload();
    await page.locator('.ant-table').first().waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await modalItem('部门名称').locator('input').fill(name);
    if (parent) {
      await modalItem('上级部门').locator('.ant-select-selector').click();
      await page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${parent}$`) }).click();
      await modalItem('上级部门').locator('.ant-select-selection-item', { hasText: parent }).waitFor();
      await settled();
      await screenshot(page, 'shell-dept-form-zh');
    }
    await page.locator('.ant-modal-content').getByRole('button', { name: '确定', exact: true }).click();
    await page.locator('.ant-modal-content').waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    if (parent) {
      // The list is a tree (parentKey): a new child sits under its folded parent; open it as a user would.
      const parentRow = page.locator('.ant-table-tbody tr.ant-table-row-level-0', { hasText: parent });
      await parentRow.waitFor();
      if (!(await row.isVisible())) await parentRow.locator('.ant-table-row-expand-icon').click();
    }
    await row.waitFor();
  }
  const child = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '研发部' });
  assert.deepEqual((await child.locator('td').allTextContents()).slice(0, 2), ['研发部', '总部']);
  await screenshot(page, 'shell-dept-list-zh');
});

test('switching to English and back changes the shell and the pages', async () => {
  await page.goto(url('/demo/index'));
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Home', exact: true }).waitFor();
  await screenshot(page, 'shell-main-side-en');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-menu-mode').click();
  await page.getByTestId('nav-horizontal').waitFor();
  await page.getByTestId('avatar-menu-mode').waitFor({ state: 'hidden' });
  await screenshot(page, 'shell-main-top-en');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-menu-mode').click();
  await page.getByTestId('sider').waitFor();
  await openAdminPages('en');
  // The personal center (the users' page tabs) in English too.
  await page.goto(url('/demo/user/detail?tab=change-password'));
  await page.getByLabel('Current password').waitFor();
  await page.getByRole('tab', { name: 'Profile' }).waitFor();
  await screenshot(page, 'shell-personal-password-en');
  await page.goto(url('/demo/index'));
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('menuitem', { name: '首页', exact: true }).waitFor();
});
