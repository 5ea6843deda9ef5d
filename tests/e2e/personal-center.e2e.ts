/**
 * The personal center (/{app}/user/detail, spec platform-shell §2 and §7), rendered from its page
 * schema (schemas/pages/system/user-detail.json) against the real server: the name saved and shown
 * in the top bar, the password changed (wrong current password, confirmation, then signing in with
 * the new one), the mobile changed with the SMS code the console provider logged, the recharge pane
 * only in AI pay mode 3, ?tab= kept in the address — with screenshots of every pane in Chinese and
 * English (test-results/screenshots/personal-*.png).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

const t = tableNames('tessera_sys_');
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

const url = (path: string) => `${server.url}${path}`;
const notice = (text: string) => page.locator('.ant-message-notice-content').filter({ hasText: text });
const pane = () => page.locator('.ant-tabs-tabpane-active');
const save = () =>
  pane()
    .getByRole('button', { name: /保存|Save/ })
    .click();

async function signIn(password: string) {
  await page.goto(url('/demo/login'));
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);
}

/** The code the console SMS provider logged for this mobile (the latest one). */
async function smsCodeFor(mobile: string): Promise<string> {
  const pattern = new RegExp(`"mobile":"${mobile}","smsCode":"(\\d{6})"`, 'g');
  for (let i = 0; i < 50; i++) {
    const codes = [...server.logs().matchAll(pattern)].map((match) => match[1]);
    if (codes.length) return codes[codes.length - 1];
    await page.waitForTimeout(100);
  }
  throw new Error(`no SMS code logged for ${mobile}`);
}

test('base: the mobile is shown, the name is saved and the top bar follows', async () => {
  await signIn('Tessera@2026');
  await page.goto(url('/demo/user/detail'));
  await page.getByRole('tab', { name: '基本信息', selected: true }).waitFor();
  await pane().getByText('13800000000').waitFor();
  assert.equal(await page.getByLabel('姓名').inputValue(), '管理员');
  await screenshot(page, 'personal-base-zh');
  await page.getByLabel('姓名').fill('');
  await save();
  await pane().getByText('请输入姓名', { exact: true }).waitFor();
  // Spaces only are no name; spaces around one are not kept.
  await page.getByLabel('姓名').fill('   ');
  await save();
  await pane().getByText('请输入姓名', { exact: true }).waitFor();
  await page.getByLabel('姓名').fill(' 管理员甲 ');
  await save();
  await notice('保存成功').waitFor();
  await page.getByTestId('user-menu').getByText('管理员甲').waitFor();
  const stored = await db.db.selectFrom(t.user).select('name').where('account', '=', 'admin').executeTakeFirstOrThrow();
  assert.equal(stored.name, '管理员甲');
});

test('change-password: the tab is in the address; a wrong current password and a differing confirmation are refused', async () => {
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.waitForURL(/\/demo\/user\/detail\?tab=change-password$/);
  const sent: string[] = [];
  const watch = (request: Request) => {
    if (request.url().includes('/api/auth/changePwd')) sent.push(request.url());
  };
  page.on('request', watch);
  await page.getByLabel('原密码').fill('Tessera@2026');
  await page.getByLabel('新密码', { exact: true }).fill('Changed2026x');
  await page.getByLabel('确认新密码').fill('Changed2026y');
  await save();
  await pane().getByText('两次输入的密码不一致', { exact: true }).waitFor();
  assert.deepEqual(sent, []);
  await page.getByLabel('原密码').fill('Wrong2026x');
  await page.getByLabel('确认新密码').fill('Changed2026x');
  await save();
  await notice('原密码错误').waitFor();
  assert.equal(sent.length, 1);
  page.off('request', watch);
  await screenshot(page, 'personal-password-zh');

  await page.getByLabel('原密码').fill('Tessera@2026');
  await save();
  await notice('密码修改成功').waitFor();
  // The form starts over empty, ready for another change.
  await page.waitForFunction(() => {
    const input = document.querySelector<HTMLInputElement>('.ant-tabs-tabpane-active input[type="password"]');
    return input !== null && input.value === '';
  });
  // This session is kept; the new password signs in.
  await page.goto(url('/demo/index'));
  await page.getByTestId('user-menu').waitFor();
  await page.evaluate(() => localStorage.removeItem('tessera_demo_token'));
  await signIn('Changed2026x');
});

test('change-mobile: the SMS code goes to the new number; the new number is saved and shown', async () => {
  await page.goto(url('/demo/user/detail?tab=change-mobile'));
  await page.getByRole('tab', { name: '修改手机号', selected: true }).waitFor();
  await page.getByTestId('send-code').click();
  await pane().getByText('请输入手机号', { exact: true }).waitFor();
  await page.getByLabel('新手机号').fill('13912345678');
  await page.getByTestId('send-code').click();
  const code = await smsCodeFor('13912345678');
  await page.getByPlaceholder('请输入短信验证码').fill(code === '000000' ? '111111' : '000000');
  await save();
  await notice('短信验证码错误或已过期').waitFor();
  await screenshot(page, 'personal-mobile-zh');
  await page.getByLabel('新手机号').fill('13912345678');
  await page.getByPlaceholder('请输入短信验证码').fill(code);
  await save();
  await notice('手机号修改成功').waitFor();
  const stored = await db.db
    .selectFrom(t.user)
    .select('mobile')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  assert.equal(stored.mobile, '13912345678');
  await page.getByRole('tab', { name: '基本信息' }).click();
  await page.waitForURL(/\?tab=base$/);
  await pane().getByText('13912345678').waitFor();
});

test('recharge only in AI pay mode 3; every pane in English', async () => {
  assert.equal(await page.getByRole('tab', { name: '充值' }).count(), 0);
  await db.db
    .updateTable(t.app)
    .set({ ai_config: JSON.stringify({ enabled: false, showInNavBar: false, payMode: 3 }) })
    .where('identify', '=', 'demo')
    .execute();
  // The server and the shell cache the app: the avatar's refresh cache fetches it again.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-refresh').click();
  await notice('缓存刷新成功!').waitFor();
  await page.goto(url('/demo/user/detail?tab=recharge'));
  await page.getByRole('tab', { name: '充值', exact: true, selected: true }).waitFor();
  // No payment gateway yet: the recharge tab says so (tests/e2e/ai-pay.e2e.ts pays through one).
  await pane().getByText('支付通道尚未配置，请联系管理员在「AI 设置」中填写').waitFor();
  await screenshot(page, 'personal-recharge-zh');

  await page.goto(url('/demo/index'));
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Home', exact: true }).waitFor();
  const panes: [string, string, string][] = [
    ['base', 'Profile', 'Name'],
    ['change-password', 'Change password', 'Current password'],
    ['change-mobile', 'Change mobile', 'New mobile number'],
  ];
  for (const [tab, title, label] of panes) {
    await page.goto(url(`/demo/user/detail?tab=${tab}`));
    await page.getByRole('tab', { name: title, selected: true }).waitFor();
    await page.getByLabel(label).waitFor();
    await save();
    if (tab !== 'base') await pane().getByText('Please enter', { exact: false }).first().waitFor();
    await screenshot(page, `personal-${tab}-en`);
  }
  await page.goto(url('/demo/user/detail?tab=recharge'));
  await page.getByRole('tab', { name: 'Recharge', selected: true }).waitFor();
  await pane()
    .getByText('No payment gateway is configured yet; ask an admin to set it on the AI settings page')
    .waitFor();
  await screenshot(page, 'personal-recharge-en');
  await page.goto(url('/demo/index'));
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('menuitem', { name: '首页', exact: true }).waitFor();
});
