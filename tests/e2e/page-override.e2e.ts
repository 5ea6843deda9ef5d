/**
 * An admin's override of a system page reaches the browser (issue 12): the user page's 手机号
 * column is renamed 联系手机 through `PUT api/page/system/user` while a browser holds the page. The
 * open page is told to reload over the (sealed) event stream; after the reload the override shows,
 * read through the page heads and cached per app. A reset (`DELETE api/page/system/user`) tells the
 * page again and the reload brings back the committed page. Screenshots:
 * test-results/screenshots/page-override-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { E2E_CAPTCHA, startServer, type RunningServer } from './lib/server';
import { sealedApi, type SealedApi } from './lib/sealed-api';
import { openBrowser, screenshot } from './lib/browser';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let api: SealedApi;

before(async () => {
  server = await startServer();
  api = await sealedApi(server);
  await api.signInAdmin();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const headers = () => page.locator('.tessera-list-table thead th').allInnerTexts();
const header = (text: string) => page.locator('.tessera-list-table thead th').filter({ hasText: text }).first();

test("an admin's override of the user page shows after the reload it asks for; a reset brings back the committed page", async () => {
  const streamOpened = page.waitForResponse(
    (response) => response.url().endsWith('/api/events') && response.status() === 200,
  );
  await page.goto(`${server.url}/demo/login`);
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);
  await streamOpened;

  await page.goto(`${server.url}/demo/user`);
  await header('手机号').waitFor();
  assert.equal(await page.getByTestId('schema-changed').count(), 0);

  // The override, through the API, as another admin's page designer would save it.
  const { $schema: _meta, ...committed } = JSON.parse(readFileSync('schemas/pages/system/user.json', 'utf8'));
  const schema = structuredClone(committed);
  schema.body[0].fields.find((f: { key: string }) => f.key === 'mobile').title = { zh: '联系手机', en: 'Contact' };
  const saved = await api.call('PUT', '/api/page/system/user', { schema, base_version: 0 });
  assert.equal(saved.code, '200', saved.message);

  const notice = page.getByTestId('schema-changed');
  await notice.waitFor();
  assert.match(await notice.innerText(), /此页面已被修改，请重新加载/);
  await header('手机号').waitFor(); // not blocking: the page underneath stays
  await screenshot(page, 'page-override-notice');

  const override = page.waitForResponse((response) => response.url().endsWith('/api/page/system/user'));
  await page.getByTestId('schema-reload').click();
  await override; // the overridden page is fetched, not taken from the bundle
  await header('联系手机').waitFor();
  const overridden = await headers();
  assert.ok(!overridden.some((text) => text.includes('手机号')), `headers: ${overridden.join(' | ')}`);
  assert.equal(await page.getByTestId('schema-changed').count(), 0);
  await screenshot(page, 'page-override-saved');

  // Another visit in the same tab: the cached override serves, no second fetch of the page.
  let fetchedAgain = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/page/system/user')) fetchedAgain = true;
  });
  await page.goto(`${server.url}/demo/index`);
  await page.goto(`${server.url}/demo/user`);
  await header('联系手机').waitFor();
  assert.equal(fetchedAgain, false, 'the unchanged override is served from the cache');

  const reset = await api.call('DELETE', '/api/page/system/user');
  assert.equal(reset.code, '200', reset.message);
  await notice.waitFor();
  await page.getByTestId('schema-reload').click();
  await header('手机号').waitFor();
  const back = await headers();
  assert.ok(!back.some((text) => text.includes('联系手机')), `headers: ${back.join(' | ')}`);
  await screenshot(page, 'page-override-reset');
});
