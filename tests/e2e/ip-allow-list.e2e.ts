/**
 * The IP allow list in a real browser on a production build (platform-shell §2; issue 4 bullet 45,
 * docs/coverage/issue-4.md): the admin edits it on the system settings page (docs/settings.md;
 * logo and login cover stay on the app page), a list that would lock them out
 * is refused with its message, and once the list leaves out the browser's address (127.0.0.1,
 * set straight in the e2e database as a lost admin address would be) a reload shows the
 * ipBlocked error result page instead of the app; signed out, the login page says why (its picture
 * code call is refused with P4018).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ResultCode } from '../../protocol/codes';
import { createDb, type Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

const t = tableNames('tessera_sys_');

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;

const url = (path: string) => `${server.url}${path}`;
const storedList = async () =>
  (await db.db.selectFrom(t.app).select('ip_allow_list').where('identify', '=', 'demo').executeTakeFirstOrThrow())
    .ip_allow_list;

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

const field = (title: string) => page.locator('.ant-formily-item', { hasText: title });
const notice = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

test('the settings page edits the list, the app page the logo and the login cover; a list without the admin is refused', async () => {
  await page.goto(url('/demo/login'));
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);

  await page.goto(url('/demo/app/detail'));
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.ant-formily-item input')].some((i) => i.value === 'demo'),
    null,
    { timeout: 10_000 },
  );
  // The seeded logo is a data:image picture; the cover is empty.
  assert.match(await field('应用图标').locator('input').inputValue(), /^data:image\/svg\+xml;base64,/);
  assert.equal(await field('登录页背景图').locator('input').inputValue(), '');
  assert.equal(await field('IP 白名单').count(), 0);
  await field('登录页背景图').locator('input').fill('/favicon.svg');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await notice('编辑成功').waitFor();
  await notice('编辑成功').waitFor({ state: 'detached' });

  await page.goto(url('/demo/sys'));
  const list = field('IP 白名单').locator('textarea');
  await list.waitFor();
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.ant-formily-item input')].some((i) => i.value === '8'),
    null,
    { timeout: 15_000 },
  );
  await list.fill('10.0.0.0/8');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await notice('IP 白名单不包含您当前的 IP（127.0.0.1），保存后您将无法访问本应用').waitFor();
  assert.equal(await storedList(), null);
  await screenshot(page, 'ip-allow-list-self-lockout');

  await list.fill('127.0.0.1\n10.0.0.0/8');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await notice('编辑成功').waitFor();
  assert.equal(await storedList(), '127.0.0.1\n10.0.0.0/8');
  const cover = await db.db.selectFrom(t.app).select('login_cover').where('identify', '=', 'demo').executeTakeFirst();
  assert.equal(cover?.login_cover, '/favicon.svg');
  await screenshot(page, 'ip-allow-list-app-page');
});

test('an address not on the list gets the ipBlocked result page in place of the app', async () => {
  await db.db.updateTable(t.app).set({ ip_allow_list: '10.0.0.0/8' }).where('identify', '=', 'demo').execute();
  // The server reads app rows through a 10 s cache: wait until it sees the new list.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = (await (await fetch(url('/api/auth/getPicCode?identify=demo'))).json()) as { code: string };
    if (answer.code === ResultCode.IP_BLOCKED) break;
    assert.ok(Date.now() < deadline, 'the server did not pick up the list');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  await page.goto(url('/demo/index'));
  const result = page.locator('.ant-result');
  await result.getByText('访问受限', { exact: true }).waitFor();
  await result.getByText('当前网络地址不在白名单内，禁止访问本站点。').waitFor();
  assert.equal(await result.locator('.ant-result-icon').count(), 1);
  await screenshot(page, 'ip-allow-list-blocked');
});

test('a signed-out visitor from that address is told so on the login page', async () => {
  await page.evaluate(() => localStorage.clear());
  await page.goto(url('/demo/login'));
  await notice('当前IP不在白名单内，禁止访问').waitFor();
  // The form gives way to the result page: signing in from this address cannot work.
  await page.locator('.ant-result').getByText('访问受限', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: '登录' }).count(), 0);
  await screenshot(page, 'ip-allow-list-login');
});
