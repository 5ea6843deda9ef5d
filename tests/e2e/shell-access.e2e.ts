/**
 * The platform shell's access rules where the client and the server must agree (platform-shell §2
 * "Access guard", §6), the dashboard layout, app/detail and the top-bar targets, in Chromium:
 * - a non-admin without the customer module: the client guard sends its route to 404, and a data
 *   call on it — made by the signed-in page itself (a dashboard listing customers) and by the
 *   app's own API client with the page's token — is refused by the server (P4003);
 * - a trial account changing its password: the client mirror shows 试用账号不允许对该业务进行操作
 *   without sending anything, and the server refuses the same call (P4016), the password unchanged;
 * - the seeded dashboard opened from its menu: full-screen toggle and back button shown for 3 s
 *   after activity, full screen entered, back to the main layout.
 * Roles and accounts the demo template does not seed are added to the e2e database directly.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { ResultCode } from '../../protocol/codes';
import type { RequestOptions } from '../../protocol/http';
import type { Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot, screenshotDir } from './lib/browser';
import { addRoleAccount, callAsPage as callAsPageOf, openDemoApp, type DemoApp } from './lib/demo-app';

const PREFIX = 'tessera_sys_';
const t = tableNames(PREFIX);
const VIEWER = { account: 'viewer', password: 'Viewer2026x' };
const TRIAL = { account: 'trialist', password: 'Trial2026x' };

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;
let appId = '';
let demo: DemoApp;
let customerModuleId = '';
let dashboardId = '';

const url = (path: string) => `${server.url}${path}`;

let trialId = '';

before(async () => {
  server = await startServer();
  demo = await openDemoApp(server);
  ({ db, appId } = demo);
  customerModuleId = String(
    (await db.db.selectFrom(t.module).select('id').where('table_name', '=', 'customer').executeTakeFirstOrThrow()).id,
  );
  dashboardId = String(
    (await db.db.selectFrom(t.dashboard).select('id').where('app_id', '=', appId).executeTakeFirstOrThrow()).id,
  );
  // The viewer has the customer dashboard but not the customer module; the trial account the
  // same menus as the demo's user role.
  await addRoleAccount(demo, 'viewer', ['客户管理', '客户看板'], VIEWER);
  trialId = await addRoleAccount(demo, 'trial', ['客户管理', '客户'], TRIAL);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

const callAsPage = (options: RequestOptions) => callAsPageOf(page, demo, options);

async function signIn(account = 'admin', password = 'Tessera@2026') {
  await page.goto(url('/demo/login'));
  await page.getByPlaceholder('请输入账号或手机号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);
  await page.getByRole('menuitem', { name: '首页', exact: true }).waitFor();
}

async function signOut() {
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗 ?' });
  for (let attempt = 0; attempt < 3 && !(await confirm.isVisible()); attempt++) {
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-popover:visible').getByTestId('avatar-logout').click();
    await confirm.waitFor({ timeout: 5000 }).catch(() => page.keyboard.press('Escape'));
  }
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.waitForURL(/\/demo\/login$/);
}

const notice = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

test('app/detail without ?id opens the current app', async () => {
  await signIn();
  await page.goto(url('/demo/app/detail'));
  const identify = page.locator('.ant-formily-item', { hasText: '应用标识' }).locator('input');
  await identify.waitFor();
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.ant-formily-item input')].some((i) => i.value === 'demo'),
    null,
    { timeout: 10_000 },
  );
  assert.equal(await identify.inputValue(), 'demo');
  const title = page.locator('.ant-formily-item', { hasText: '应用名称' }).locator('input');
  assert.equal(await title.inputValue(), 'Tessera 演示应用');
  await screenshot(page, 'shell-app-detail-current-zh');
});

test('the dashboard menu opens the dashboard layout: controls for 3 s, full screen, back', async () => {
  await page.goto(url('/demo/index'));
  await page.getByRole('menuitem', { name: '客户看板', exact: true }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/common/${dashboardId}$`));
  const layout = page.getByTestId('dashboard-layout');
  await layout.waitFor();
  const shownAt = Date.now();
  const controls = page.getByTestId('dashboard-controls');
  assert.equal(await controls.getAttribute('data-visible'), 'true');
  await page.getByRole('button', { name: '返回' }).waitFor();
  await page.getByTestId('fullscreen').waitFor();
  // The page schema renders: its widgets and the customer list (seeded rows).
  await layout.getByRole('heading', { name: '客户看板' }).waitFor();
  await layout.locator('.tessera-widget-title', { hasText: '最新客户' }).waitFor();
  await layout.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await screenshot(page, 'shell-dashboard-zh');

  // No activity: the controls hide after 3 s (not before), and come back on a mouse move.
  await page.waitForFunction(
    () => document.querySelector('[data-testid=dashboard-controls]')?.getAttribute('data-visible') === 'false',
    null,
    { timeout: 8_000 },
  );
  assert.ok(Date.now() - shownAt >= 2_500, `hidden after ${Date.now() - shownAt} ms`);
  assert.equal(await controls.evaluate((el) => getComputedStyle(el).pointerEvents), 'none');
  // Faded out (opacity transition), not just marked hidden.
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('[data-testid=dashboard-controls]')!).opacity === '0',
  );
  await screenshot(page, 'shell-dashboard-idle-zh');
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 340);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=dashboard-controls]')?.getAttribute('data-visible') === 'true',
  );

  // Full screen: headless Chromium grants the request (the click is the user gesture it needs).
  await page.getByTestId('fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
  await page.getByTestId('fullscreen').filter({ hasText: '退出全屏' }).waitFor();
  await page.getByTestId('fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement === null);
  await page.getByTestId('fullscreen').filter({ hasText: '全屏' }).waitFor();

  await page.getByRole('button', { name: '返回' }).click();
  await page.waitForURL(/\/demo\/index$/);
  await page.getByTestId('sider').waitFor();
  assert.equal(await page.getByTestId('dashboard-layout').count(), 0);
});

test('the dashboard in English', async () => {
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Home', exact: true }).waitFor();
  await page.getByRole('menuitem', { name: '客户看板', exact: true }).click();
  const layout = page.getByTestId('dashboard-layout');
  await layout.getByRole('heading', { name: 'Customer dashboard' }).waitFor();
  await layout.locator('.tessera-widget-title', { hasText: 'Latest customers' }).waitFor();
  await layout.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: 'Full screen' }).waitFor();
  await screenshot(page, 'shell-dashboard-en');
  // The widgets take a moment to draw: the controls may have faded meanwhile; a move shows them.
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 340);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(/\/demo\/index$/);
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('menuitem', { name: '首页', exact: true }).waitFor();
});

// AI create app shows only when the app enables AI: tests/e2e/ai-buttons.e2e.ts walks it.
test('top bar: service QR per app, shown once the admin sets its picture', async () => {
  // Nothing set on the system settings page: no button.
  await page.getByTestId('bar-todo').waitFor();
  assert.equal(await page.getByTestId('bar-service').count(), 0);

  // An admin sets the picture (docs/settings.md): the event stream brings the new app info.
  const picture =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const put = await callAsPage({ method: 'PUT', url: 'sys/settings/current', body: { service_qr: picture } });
  assert.equal(put.code, ResultCode.SUCCESS, JSON.stringify(put));
  await page.getByTestId('bar-service').click({ timeout: 15_000 });
  const qr = page.getByTestId('service-qr');
  assert.equal(await qr.locator('img').getAttribute('src'), picture);
  await screenshot(page, 'shell-service-qr-zh');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
});

test('recharge shows only in AI pay mode 3 and opens the personal center recharge tab', async () => {
  assert.equal(await page.getByTestId('bar-recharge').count(), 0);
  const put = await callAsPage({
    method: 'PUT',
    url: `common/${PREFIX}app/${appId}`,
    body: { ai_config: { enabled: false, showInNavBar: false, payMode: 3 } },
  });
  assert.equal(put.code, ResultCode.SUCCESS, JSON.stringify(put));
  // The shell keeps app info for 7 days: drop it, as a new visit would not have it.
  await page.evaluate(() => localStorage.removeItem('tessera_demo_appInfo'));
  await page.goto(url('/demo/index'));
  await page.getByTestId('bar-recharge').click();
  await page.waitForURL(/\/demo\/user\/detail\?tab=recharge$/);
  // exact: the recharge tab holds its own tabs (充值记录, 消费记录) since the recharge landed.
  await page.getByRole('tab', { name: '充值', exact: true, selected: true }).waitFor();
  await screenshot(page, 'shell-recharge-zh');
  await signOut();
});

test('a non-admin: the module they lack is 404 in the browser and refused by the server', async () => {
  await signIn(VIEWER.account, VIEWER.password);
  await page.getByRole('menuitem', { name: '客户看板', exact: true }).waitFor();
  assert.equal(await page.getByRole('menuitem', { name: '客户', exact: true }).count(), 0);
  assert.equal(await page.getByRole('menuitem', { name: '系统管理', exact: true }).count(), 0);

  // The client guard: the module route is not granted by any of the viewer's menus.
  await page.goto(url(`/demo/common/${customerModuleId}`));
  await page.waitForURL(/\/demo\/404$/);
  await page.getByText('页面不存在', { exact: true }).waitFor();

  // The page's own data call: the dashboard (granted) lists customers (not granted) — the server
  // refuses the list and the page says so.
  await page.goto(url('/demo/index'));
  await page.getByRole('menuitem', { name: '客户看板', exact: true }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/common/${dashboardId}$`));
  await notice('没有权限访问该资源').waitFor();
  await page.getByTestId('dashboard-layout').locator('.ant-table-tbody .ant-empty').waitFor();
  // Each chart and stat card over customers says so in its own box (the aggregate is refused too).
  await page
    .locator('[data-widget-key=byLevel] [role=alert]', { hasText: '无权查看此组件的数据' })
    .waitFor({ timeout: 15_000 });
  await page.locator('[data-widget-key=customers] [role=alert]', { hasText: '无权查看此组件的数据' }).waitFor();
  await screenshot(page, 'shell-access-viewer-refused-zh');

  // The same call through the app's client with the page's token: the spec's code and message.
  const list = await callAsPage({ method: 'POST', url: 'common/customer/list', body: {} });
  assert.deepEqual(list, { code: ResultCode.FORBIDDEN, message: '没有权限访问该资源', data: null });
  const schema = await callAsPage({ method: 'GET', url: `module/${customerModuleId}` });
  assert.equal(schema.code, ResultCode.FORBIDDEN);
  const write = await callAsPage({ method: 'POST', url: 'common/customer', body: { name: 'x', level: 'vip' } });
  assert.equal(write.code, ResultCode.FORBIDDEN);

  await page.getByRole('button', { name: '返回' }).click();
  await page.waitForURL(/\/demo\/index$/);
  await signOut();
});

test('a trial account: a password change is refused with the spec message, by the client and the server', async () => {
  const before = await db.db
    .selectFrom(t.user)
    .select('password_hash')
    .where('id', '=', trialId)
    .executeTakeFirstOrThrow();
  await signIn(TRIAL.account, TRIAL.password);
  const sent: string[] = [];
  const watch = (request: Request) => {
    if (request.url().includes('/api/auth/changePwd')) sent.push(request.url());
  };
  page.on('request', watch);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-password').click();
  await page.waitForURL(/\/demo\/user\/detail\?tab=change-password$/);
  await page.getByLabel('原密码').fill(TRIAL.password);
  await page.getByLabel('新密码', { exact: true }).fill('Changed2026x');
  await page.getByLabel('确认新密码').fill('Changed2026x');
  await page.getByRole('button', { name: '保存' }).click();
  // The client mirror: the message at once, and nothing sent.
  await notice('试用账号不允许对该业务进行操作').waitFor();
  // Captured once the message has moved in, before it leaves after 3 s (the helper would wait longer).
  await page.waitForFunction(() => !document.querySelector('.ant-message [class*="move-up-"]'));
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}shell-trial-blocked-zh.png` });
  page.off('request', watch);
  assert.deepEqual(sent, []);

  // The server's own check, asked directly with the same session: refused with the same message.
  const changed = await callAsPage({
    method: 'POST',
    url: 'auth/changePwd',
    body: { oldPassword: TRIAL.password, newPassword: 'Changed2026x' },
  });
  assert.deepEqual(changed, {
    code: ResultCode.TRIAL_FORBIDDEN,
    message: '试用账号不允许对该业务进行操作',
    data: null,
  });
  const rename = await callAsPage({ method: 'PUT', url: `common/${PREFIX}user/${trialId}`, body: { name: 'x' } });
  assert.equal(rename.code, ResultCode.TRIAL_FORBIDDEN);
  // Reading stays open to a trial account (GET and list calls).
  const own = await callAsPage({ method: 'POST', url: `common/${PREFIX}user/list`, body: {} });
  assert.equal(own.code, ResultCode.SUCCESS);

  const afterCall = await db.db
    .selectFrom(t.user)
    .select(['password_hash', 'name'])
    .where('id', '=', trialId)
    .executeTakeFirstOrThrow();
  assert.equal(afterCall.password_hash, before.password_hash);
  assert.equal(afterCall.name, TRIAL.account);
  await signOut();
  // The old password still signs in.
  await signIn(TRIAL.account, TRIAL.password);
  await signOut();
});
