/**
 * Issue 4 bullets that only a real browser on a production build proves (docs/coverage/issue-4.md):
 * - the app's title, short title, logo, login cover and watermark (with its rotation) as the pages
 *   show them, the login title shrunk to 280/length beyond 10 characters;
 * - an admin's change of them shows after refresh cache, though the browser stores app info;
 * - the to-do bell's count from flows/todocount, 9+ above 9;
 * - client protections, on by default in a production build: right-click and F12 blocked, F12
 *   showing the debug-panel notice as an error result page.
 * The demo app's row is set in the e2e database before the server first reads it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { newId } from '../../server/db/ids';
import { insertAudit, tableNames } from '../../server/db/tables';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

const t = tableNames('tessera_sys_');
const LONG_TITLE = '一个名字超过十个字的企业应用'; // 14 characters: 280 / 14 = 20 px
const SHORT_TITLE = '企业应用';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;

const url = (path: string) => `${server.url}${path}`;

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  await db.db
    .updateTable(t.app)
    .set({
      title: LONG_TITLE,
      short_title: SHORT_TITLE,
      logo: '/favicon.svg',
      login_cover: '/favicon.svg',
      watermark: 1,
      watermark_rotate: -22,
    })
    .where('identify', '=', 'demo')
    .execute();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

/** The watermark antd draws over the content: a background image of the rotated text (data URL). */
const WATERMARK_IMAGE = () =>
  [...document.querySelectorAll<HTMLElement>('div[style*="background-image"]')]
    .map((el) => el.style.backgroundImage)
    .find((image) => image.includes('data:image')) ?? null;

const WATERMARK_IMAGE_GONE = () =>
  ![...document.querySelectorAll<HTMLElement>('div[style*="background-image"]')].some((el) =>
    el.style.backgroundImage.includes('data:image'),
  );

test('the login page shows the cover, the logo and the long title at 280/length px', async () => {
  await page.goto(url('/demo/login'));
  const title = page.getByRole('heading', { name: LONG_TITLE });
  await title.waitFor();
  assert.equal(await title.evaluate((el) => getComputedStyle(el).fontSize), '20px');
  const cover = await page.locator('[style*="background-image"]').first().getAttribute('style');
  assert.match(cover ?? '', /favicon\.svg/);
  assert.equal(await page.locator('img[src="/favicon.svg"]').count(), 1);
  await screenshot(page, 'issue4-login-long-title');
});

test('the main layout shows the logo, the short title and the viewer watermark; rotation comes from the app', async () => {
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);
  const brand = page.getByTestId('brand');
  await brand.getByText(SHORT_TITLE, { exact: true }).waitFor();
  assert.equal(await brand.locator('img[src="/favicon.svg"]').count(), 1);
  assert.equal(await page.title(), LONG_TITLE);
  await page.waitForFunction(WATERMARK_IMAGE);
  const before = await page.evaluate(WATERMARK_IMAGE);
  assert.ok(before, 'the watermark is drawn');
  await screenshot(page, 'issue4-main-watermark');

  // The admin turns the watermark: shown after refresh cache, without signing in again.
  await db.db.updateTable(t.app).set({ watermark_rotate: 30 }).where('identify', '=', 'demo').execute();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-refresh').click();
  await page.locator('.ant-message-notice').filter({ hasText: '缓存刷新成功!' }).waitFor();
  await page.waitForFunction(
    (old) => {
      const image = [...document.querySelectorAll<HTMLElement>('div[style*="background-image"]')]
        .map((el) => el.style.backgroundImage)
        .find((value) => value.includes('data:image'));
      return Boolean(image) && image !== old;
    },
    before,
    { timeout: 10_000 },
  );

  // Switched off: no watermark.
  await db.db.updateTable(t.app).set({ watermark: 0 }).where('identify', '=', 'demo').execute();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('avatar-refresh').click();
  await page.locator('.ant-message-notice').filter({ hasText: '缓存刷新成功!' }).last().waitFor();
  await page.waitForFunction(WATERMARK_IMAGE_GONE, null, { timeout: 10_000 });
});

/** Open to-do items for the admin, straight into the e2e database. */
async function addTodos(count: number) {
  const app = await db.db.selectFrom(t.app).select('id').where('identify', '=', 'demo').executeTakeFirstOrThrow();
  const admin = await db.db
    .selectFrom(t.user)
    .select('id')
    .where('app_id', '=', app.id)
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < count; i++) {
    await db.db
      .insertInto('tessera_sys_todo')
      .values({
        id: newId(),
        app_id: app.id,
        ...insertAudit(null, Date.now()),
        assignee_id: admin.id,
        status: 0,
        title: `待办 ${i}`,
      })
      .execute();
  }
}

test('the to-do bell shows the open count, and 9+ above 9', async () => {
  const badge = page.getByTestId('bar-todo').locator('.ant-badge-count');
  await addTodos(3);
  await page.goto(url('/demo/index'));
  await badge.filter({ hasText: '3' }).waitFor();
  await addTodos(7);
  await page.reload();
  await badge.filter({ hasText: '9+' }).waitFor();
  assert.equal((await badge.textContent())?.replace(/\s/g, ''), '9+');
  await screenshot(page, 'issue4-todo-9plus');
});

test('a production build blocks right-click and F12; F12 shows the debug-panel notice', async () => {
  await page.goto(url('/demo/index'));
  await page.getByRole('menuitem', { name: '首页', exact: true }).waitFor();
  const prevented = await page.evaluate(() => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event.defaultPrevented;
  });
  assert.equal(prevented, true);
  await page.keyboard.press('F12');
  await page.locator('.ant-result').getByText('禁止调试', { exact: true }).waitFor();
  await page.getByText('本系统禁止打开调试面板，请关闭后刷新页面。').waitFor();
  await screenshot(page, 'issue4-debug-forbidden');
});
