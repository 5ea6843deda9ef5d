/**
 * A schema saved while a browser holds the page (issue 12, item 6): the customers module's 手机号
 * field is renamed through the API — key mobile → phone, title 手机号 → 联系电话 — while a record
 * exists. The open page is told, without being blocked, "此页面已被修改，请重新加载" over the event
 * stream (sealed: the demo app's envelope is on); after the reload the record's value shows under
 * the new title, because the store keeps the column bound to the field's id. Screenshots:
 * test-results/screenshots/schema-live-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { E2E_CAPTCHA, startServer, type RunningServer } from './lib/server';
import { sealedApi, type SealedApi } from './lib/sealed-api';
import { openBrowser, screenshot } from './lib/browser';

const NAME = '改名测试客户';
const MOBILE = '13912345678';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;
let api: SealedApi;
let moduleId = '';
let recordId = '';

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  api = await sealedApi(server);
  await api.signInAdmin();
  const row = await db.db
    .selectFrom('tessera_sys_module')
    .select('id')
    .where('table_name', '=', 'customer')
    .executeTakeFirstOrThrow();
  moduleId = String(row.id);
  const created = await api.call('POST', '/api/common/customer', { name: NAME, level: 'vip', mobile: MOBILE });
  assert.equal(created.code, '200', created.message);
  recordId = created.data.id;
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

const rows = () => page.locator('.tessera-list-table .ant-table-tbody tr.ant-table-row');
const headers = () => page.locator('.tessera-list-table thead th').allInnerTexts();

/** Shows only the test's customer: 客户名称 search, Enter runs 查询. */
async function searchCustomer() {
  const name = page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');
  await name.fill(NAME);
  await name.press('Enter');
  await rows().filter({ hasText: NAME }).waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.tessera-list-table .ant-table-tbody tr.ant-table-row').length === 1,
  );
}

test('renaming a field while the page is open: the page is told to reload, then shows the value under the new title', async () => {
  const streamOpened = page.waitForResponse(
    (response) => response.url().endsWith('/api/events') && response.status() === 200,
  );
  await page.goto(`${server.url}/demo/login`);
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);
  const opened = await streamOpened;
  assert.match(opened.headers()['content-type'] ?? '', /^text\/event-stream/);

  await page.goto(`${server.url}/demo/common/${moduleId}`);
  await rows().first().waitFor();
  await searchCustomer();
  assert.ok((await headers()).some((text) => text.includes('手机号')));
  await rows().filter({ hasText: MOBILE }).waitFor();
  assert.equal(await page.getByTestId('schema-changed').count(), 0);

  // The rename, through the API, as another admin's designer would save it.
  const current = await api.call('GET', `/api/module/${moduleId}`);
  const schema = structuredClone(current.data.schema);
  const field = schema.body[0].fields.find((f: { key: string }) => f.key === 'mobile');
  field.key = 'phone';
  field.title = { zh: '联系电话', en: 'Phone' };
  const saved = await api.call('PUT', `/api/module/${moduleId}`, { schema, confirm: true });
  assert.equal(saved.code, '200', saved.message);

  const notice = page.getByTestId('schema-changed');
  await notice.waitFor();
  assert.match(await notice.innerText(), /此页面已被修改，请重新加载/);
  // Not blocking: the list underneath is still there and usable.
  await rows().filter({ hasText: NAME }).waitFor();
  await screenshot(page, 'schema-live-notice-zh');

  await page.getByTestId('schema-reload').click();
  await page.waitForLoadState('load');
  await rows().first().waitFor();
  await searchCustomer();
  const after = await headers();
  assert.ok(
    after.some((text) => text.includes('联系电话')),
    `headers: ${after.join(' | ')}`,
  );
  assert.ok(!after.some((text) => text.includes('手机号')), `headers: ${after.join(' | ')}`);
  await rows().filter({ hasText: MOBILE }).waitFor();
  assert.equal(await page.getByTestId('schema-changed').count(), 0);
  await screenshot(page, 'schema-live-after-reload-zh');

  const record = await api.call('GET', `/api/common/customer/${recordId}`);
  assert.equal(record.data.phone, MOBILE);
  assert.equal(record.data.mobile, undefined);
});

test('in English the notice reads "This page was changed. Reload"', async () => {
  await page.getByText('English', { exact: true }).click();
  await page.locator('.tessera-list-table thead th').filter({ hasText: 'Phone' }).first().waitFor();
  const current = await api.call('GET', `/api/module/${moduleId}`);
  const schema = structuredClone(current.data.schema);
  schema.body[0].fields.find((f: { key: string }) => f.key === 'phone').title = { zh: '电话', en: 'Telephone' };
  const saved = await api.call('PUT', `/api/module/${moduleId}`, { schema, confirm: true });
  assert.equal(saved.code, '200', saved.message);
  const notice = page.getByTestId('schema-changed');
  await notice.waitFor();
  assert.match(await notice.innerText(), /This page was changed\. Reload/);
  assert.equal(await page.getByTestId('schema-reload').innerText(), 'Reload');
  await screenshot(page, 'schema-live-notice-en');
});
