/**
 * The system settings page in a real browser on a production build (issue 16 item 3,
 * docs/settings.md): the admin reaches it from the menu, a bad value is refused with its message
 * and nothing is saved, the minimum password length is raised and saved, and changing a password
 * below it on the personal center is refused with the policy's message while one that meets it
 * passes. The top bar shows the demo-video button only once an address is set.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { notice, signIn } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;

const url = (path: string) => `${server.url}${path}`;
const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
const storedSettings = async () => {
  const row = await db.db.selectFrom('tessera_sys_settings').select('settings').executeTakeFirst();
  return row ? (JSON.parse(String(row.settings)) as Record<string, unknown>) : undefined;
};

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

test('the admin opens 系统设置 from the menu; a bad value is refused and nothing is saved', async () => {
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  // No demo video yet: the top bar has no video button.
  await page.getByTestId('bar-todo').waitFor();
  assert.equal(await page.getByTestId('bar-video').count(), 0);

  // Open the group only when it is closed (clicking it mid-animation would close it again).
  const group = page.locator('.ant-menu-submenu').filter({ hasText: '系统管理' }).first();
  await group.waitFor();
  if (!(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
    await group.locator('.ant-menu-submenu-title').first().click();
  const item = page.getByRole('menuitem', { name: '系统设置' });
  await item.waitFor({ state: 'visible' });
  await item.click();
  await page.waitForURL(/\/demo\/sys$/);
  const minimum = page.getByRole('spinbutton', { name: '最小长度', exact: true });
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.ant-formily-item input')].some((i) => i.value === '8'),
    null,
    { timeout: 15_000 },
  );
  await screenshot(page, 'sys-settings-page');

  await textbox('演示视频地址').fill('javascript:alert(1)');
  await page.getByRole('button', { name: /提\s?交/ }).click();
  await notice(page, '演示视频地址须以 http:// 或 https:// 开头').waitFor();
  assert.equal(await storedSettings(), undefined);

  await textbox('演示视频地址').fill('https://videos.example.com/demo.mp4');
  await minimum.fill('12');
  await page.getByRole('button', { name: /提\s?交/ }).click();
  await notice(page, '编辑成功').waitFor();
  const saved = await storedSettings();
  assert.equal(saved?.password_min_length, 12);
  assert.equal(saved?.demo_video, 'https://videos.example.com/demo.mp4');
  // The event stream brings the new app info: the video button appears without a reload.
  await page.getByTestId('bar-video').waitFor({ timeout: 15_000 });
});

test('changing a password below the new minimum is refused; one that meets it passes', async () => {
  await page.goto(url('/demo/user/detail?tab=change-password'));
  const pane = page.locator('.ant-tabs-tabpane-active');
  await page.getByLabel('原密码').fill('Tessera@2026');
  await page.getByLabel('新密码', { exact: true }).fill('Short2026x');
  await page.getByLabel('确认新密码').fill('Short2026x');
  await pane.getByRole('button', { name: /保存|Save/ }).click();
  await notice(page, '密码须为 12–120 位，且包含字母、数字').waitFor();
  await screenshot(page, 'sys-settings-policy-refused');

  await page.getByLabel('新密码', { exact: true }).fill('LongEnough2026x');
  await page.getByLabel('确认新密码').fill('LongEnough2026x');
  await pane.getByRole('button', { name: /保存|Save/ }).click();
  await notice(page, '密码修改成功').waitFor();
});

test('a sign-in way and the picture code turned off are no longer asked on the login page', async () => {
  await page.goto(url('/demo/sys'));
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.ant-formily-item input')].some((i) => i.value === '12'),
    null,
    { timeout: 15_000 },
  );
  await page.getByRole('switch', { name: '短信验证码登录', exact: true }).click();
  await page.getByRole('switch', { name: '图形验证码', exact: true }).click();
  await page.getByRole('button', { name: /提\s?交/ }).click();
  await notice(page, '编辑成功').waitFor();
  // The event stream reloads this browser's app info (kept in local storage for the login page).
  await page.waitForFunction(
    () => {
      const stored = JSON.parse(localStorage.getItem('tessera_demo_appInfo') ?? '{}') as {
        value?: { login_methods?: { sms?: boolean }; captcha?: boolean };
      };
      return stored.value?.login_methods?.sms === false && stored.value?.captcha === false;
    },
    null,
    { timeout: 15_000 },
  );
  await page.evaluate(() => localStorage.removeItem('tessera_demo_token'));
  await page.goto(url('/demo/login'));
  await page.getByRole('tab', { name: '账号密码登录' }).waitFor();
  assert.equal(await page.getByRole('tab', { name: '短信验证码登录' }).count(), 0);
  assert.equal(await page.getByText('注册账号').count(), 0);
  assert.equal(await page.getByPlaceholder('请输入图形验证码').count(), 0);
  await screenshot(page, 'sys-settings-login-without-sms');
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('LongEnough2026x');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
});
