/**
 * The api page in a real browser on a production build (issue 16 item 4): the admin opens 接口配置
 * from the menu, is refused a cloud-metadata URL with its reason, adds a source against a loopback
 * fake REST API (bearer token; the server is started with OUTBOUND_ALLOW_LIST=127.0.0.1, the
 * intranet allow-list), sees only the token's mask, test-calls it (status, timing and a sample),
 * and sees a page whose list reads `apiData/<name>` show the upstream's rows, paged.
 * Screenshots: test-results/screenshots/api-sources-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startFakeRest, type FakeRest } from '../fakes/rest/server';
import { startServer, type RunningServer } from './lib/server';
import { sealedApi, type SealedApi } from './lib/sealed-api';
import { openBrowser, screenshot } from './lib/browser';
import { choose as chooseIn, formItem, notice as noticeOf, openSystemPage, recordModal, signIn } from './lib/operator';

let server: RunningServer;
let fake: FakeRest;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let api: SealedApi;

before(async () => {
  fake = await startFakeRest();
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  api = await sealedApi(server);
  await api.signInAdmin();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const modal = (title: string) => recordModal(page, title);
const notice = (text: string) => noticeOf(page, text);
const item = (scope: Locator, title: string) => formItem(page, scope, title);
const choose = (scope: Locator, title: string, option: string) => chooseIn(page, scope, title, option);

test('an admin configures a REST source, test-calls it and sees a page list its rows', async () => {
  await signIn(page, server.url);
  await openSystemPage(page, '接口配置', 'api');

  await page.getByRole('button', { name: '新增' }).click();
  const add = modal('新增');
  await item(add, '接口名称').locator('input').fill('crm');
  await item(add, '显示名称').locator('input').fill('CRM 客户');
  await item(add, '接口地址').locator('input').fill('http://169.254.169.254/latest/meta-data/');
  await add.getByRole('button', { name: '确定' }).click();
  await notice('169.254.169.254（链路本地地址 / 云元数据）出于安全原因禁止访问').waitFor();
  await screenshot(page, 'api-sources-refused');

  await item(add, '接口地址').locator('input').fill(`${fake.url}/customers`);
  await choose(add, '认证方式', 'Bearer Token');
  await item(add, '密钥').locator('input').fill(fake.token);
  await item(add, '数据路径').locator('input').fill('data.records');
  await item(add, '总数路径').locator('input').fill('data.total');
  await add.getByRole('button', { name: '确定' }).click();
  await notice('新增成功').waitFor();

  const row = page.locator('.tessera-list-table tbody tr').filter({ hasText: 'crm' });
  await row.waitFor();
  // Only the mask comes back: the last four characters of the token.
  assert.match(await row.innerText(), new RegExp(`••••${fake.token.slice(-4)}`));
  assert.equal((await page.content()).includes(fake.token), false);

  await row.getByRole('button', { name: '测试' }).click();
  const result = page.locator('.ant-modal-confirm').filter({ hasText: /HTTP 200，耗时 \d+ 毫秒，10 行/ });
  await result.waitFor();
  assert.match(await result.innerText(), /Customer 01/);
  await screenshot(page, 'api-sources-test-call');
  await result.getByRole('button', { name: '确定' }).click();

  // A page whose list reads the source in REST mode: the seeded 客户看板 dashboard, saved as a
  // designer would save it, opened from its menu.
  const dashboards = await api.call('POST', '/api/common/tessera_sys_dashboard/list', {});
  const { id: dashboardId, version } = dashboards.data.list[0] as { id: string; version: number };
  const saved = await api.call('PUT', `/api/dashboard/${dashboardId}`, {
    base_version: Number(version),
    title: '客户看板',
    schema: {
      schemaVersion: 2,
      type: 'page',
      title: { zh: '外部客户', en: 'External customers' },
      body: [
        {
          type: 'list',
          key: 'external',
          title: { zh: '外部客户', en: 'External customers' },
          dataSource: { kind: 'REST', source: 'crm' },
          idKey: 'id',
          actions: ['detail'],
          pagination: { pageSize: 10 },
          fields: [
            { id: 'f_ext0001', key: 'name', title: { zh: '客户', en: 'Customer' }, type: 'input' },
            { id: 'f_ext0002', key: 'city', title: { zh: '城市', en: 'City' }, type: 'input' },
          ],
        },
      ],
    },
  });
  assert.equal(saved.code, '200', saved.message);
  await page.goto(`${server.url}/demo/index`);
  await page.getByRole('menuitem', { name: '客户看板', exact: true }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/common/${dashboardId}$`));
  const rows = page.locator('.tessera-list-table tbody tr.ant-table-row');
  await rows.filter({ hasText: 'Customer 01' }).waitFor();
  assert.equal(await rows.count(), 10);
  await page.locator('.ant-pagination').getByText('23', { exact: false }).first().waitFor();
  await page.locator('.ant-pagination-item-3').click();
  await rows.filter({ hasText: 'Customer 23' }).waitFor();
  assert.equal(await rows.count(), 3);
  await screenshot(page, 'api-sources-rest-list');
  // Every upstream call carried the token; the browser never saw it.
  assert.ok(fake.calls.every((call) => call.headers.authorization === `Bearer ${fake.token}`));
});
