/**
 * Dashboards in Chromium (issue 15, docs/dashboards.md):
 * - an admin adds a widget bound to a field that does not exist, and one chart of each other kind,
 *   to the seeded 客户看板 (through the schema store's PUT api/dashboard/:id);
 * - an operator (customers and the dashboard in their menus) opens it from its type-3 menu in the
 *   full-screen layout: a stat card, a bar chart grouped by the customer-level dictionary, a line
 *   chart by month and a table draw; the broken widget shows its own message while they do; the
 *   date filter narrows all four; a click on a bar filters the others;
 * - the same dashboard in the main layout (?layout=main) and at a tablet's width (8 columns);
 * - the dashboard list (route `dashboard`) creates one and deletes it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { RequestOptions } from '../../protocol/http';
import type { Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { addRoleAccount, callAsPage as callAsPageOf, openDemoApp, type DemoApp } from './lib/demo-app';

const t = tableNames('tessera_sys_');
const OPERATOR = { account: 'operator', password: 'Operator2026x' };
let server: RunningServer;
let db: Db;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let appId = '';
let demo: DemoApp;
let dashboardId = '';

const url = (path: string) => `${server.url}${path}`;

before(async () => {
  server = await startServer();
  demo = await openDemoApp(server);
  ({ db, appId } = demo);
  dashboardId = String(
    (await db.db.selectFrom(t.dashboard).select('id').where('app_id', '=', appId).executeTakeFirstOrThrow()).id,
  );
  await addRoleAccount(demo, 'operator', ['客户管理', '客户', '客户看板'], OPERATOR);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

/** The app's own API client (envelope, headers) with the token the signed-in page holds. */
const callAsPage = <T = any>(options: RequestOptions) => callAsPageOf<T>(page, demo, options);

async function signIn(account: string, password: string) {
  await page.goto(url('/demo/login'));
  await page.getByPlaceholder('请输入账号或手机号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/);
  await page.getByRole('menuitem', { name: '首页', exact: true }).waitFor();
}

async function signOut() {
  await page.evaluate(() => localStorage.clear());
}

const widget = (key: string) => page.locator(`[data-widget-key="${key}"]`);

/** Waits until every data widget has its answer (no spinner, no pending query). */
async function settled() {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.tessera-widget').length > 0 &&
      [...document.querySelectorAll('.tessera-widget')].every((w) => w.getAttribute('data-status') !== 'loading') &&
      [...document.querySelectorAll('.tessera-chart')].every((c) => c.getAttribute('data-drawn') === 'true'),
    null,
    { timeout: 20_000 },
  );
}

const statValue = () => widget('customers').locator('.tessera-stat-value').getAttribute('data-value');
const chartAttr = (key: string, name: string) => widget(key).locator('.tessera-chart').getAttribute(name);
const tableTotal = () => widget('latest').locator('.ant-pagination-total-text').textContent();

test('an admin adds a widget bound to a field that does not exist', async () => {
  await signIn('admin', 'Tessera@2026');
  const current = await callAsPage<{ schema: any; version: number }>({
    method: 'GET',
    url: `dashboard/${dashboardId}`,
  });
  assert.equal(String(current.code), '200');
  const schema = current.data.schema;
  const board = schema.body[0];
  board.children.push({
    type: 'chart',
    key: 'broken',
    title: { zh: '已删除的字段', en: 'A removed field' },
    chart: 'bar',
    data: { table: 'customer', groupBy: ['region'], measures: [{ fn: 'count' }] },
  });
  board.layouts.lg.push({ i: 'broken', x: 0, y: 11, w: 4, h: 3 });
  // One widget of each other chart kind, so each is drawn by VChart at least once here.
  const level = { table: 'customer', groupBy: ['level'], measures: [{ fn: 'count', as: 'n' }] };
  const two = {
    table: 'customer',
    groupBy: ['industry'],
    measures: [
      { fn: 'count', as: 'n' },
      { fn: 'avg', key: 'credit_limit', as: 'avg' },
    ],
  };
  const kinds = [
    {
      key: 'kArea',
      chart: 'area',
      data: {
        table: 'customer',
        groupBy: [{ key: 'signed_at', bucket: 'quarter' }, 'level'],
        measures: [{ fn: 'count', as: 'n' }],
      },
      props: { stacked: true },
    },
    {
      key: 'kHBar',
      chart: 'bar',
      data: { table: 'customer', groupBy: ['industry', 'level'], measures: [{ fn: 'count', as: 'n' }] },
      props: { stacked: true, horizontal: true },
    },
    { key: 'kFunnel', chart: 'funnel', data: level },
    {
      key: 'kGauge',
      chart: 'gauge',
      data: { table: 'customer', measures: [{ fn: 'count', as: 'n' }] },
      props: { max: 100 },
    },
    { key: 'kRadar', chart: 'radar', data: two },
    { key: 'kScatter', chart: 'scatter', data: two },
    { key: 'kDual', chart: 'dualAxis', data: two, props: { format: { compact: true } } },
  ];
  kinds.forEach((kind, index) => {
    board.children.push({ type: 'chart', title: { zh: kind.chart, en: kind.chart }, ...kind });
    board.layouts.lg.push({
      i: kind.key,
      x: 4 * ((index + 1) % 3),
      y: 11 + 3 * Math.floor((index + 1) / 3),
      w: 4,
      h: 3,
    });
  });
  const saved = await callAsPage({
    method: 'PUT',
    url: `dashboard/${dashboardId}`,
    body: { schema, base_version: current.data.version },
  });
  assert.equal(String(saved.code), '200', saved.message);
  await signOut();
});

test('an operator opens the seeded dashboard from its menu, full screen, and filters it', async () => {
  await signIn(OPERATOR.account, OPERATOR.password);
  await page.getByRole('menuitem', { name: '客户看板', exact: true }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/common/${dashboardId}$`));
  await page.getByTestId('dashboard-layout').waitFor();
  await page.getByTestId('fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
  await settled();
  await screenshot(page, 'dashboard-full-zh');

  // All fifty demo customers: a stat card, three levels, twelve months, the table's total.
  assert.equal(await statValue(), '50');
  assert.equal(await widget('customers').locator('.tessera-stat-value').textContent(), '50');
  assert.equal(await chartAttr('byLevel', 'data-points'), '3');
  assert.equal(await chartAttr('byLevel', 'data-total'), '50');
  assert.equal(await chartAttr('byMonth', 'data-points'), '12');
  assert.equal(await chartAttr('byMonth', 'data-total'), '50');
  assert.match((await tableTotal()) ?? '', /共 50 条/);
  // The widget over a missing field says so; the others drew.
  assert.equal(await widget('broken').getAttribute('data-status'), 'error');
  assert.match((await widget('broken').getByRole('alert').textContent()) ?? '', /region/);
  assert.equal(await widget('byLevel').getAttribute('data-status'), 'ready');
  for (const key of ['kArea', 'kHBar', 'kFunnel', 'kGauge', 'kRadar', 'kScatter', 'kDual']) {
    assert.equal(await widget(key).getAttribute('data-status'), 'ready', key);
    assert.equal(await chartAttr(key, 'data-drawn'), 'true', key);
  }

  // 2025 only: 25 customers of two levels signed in six months, and the table follows.
  const range = page.locator('.tessera-dashboard-date');
  await range.locator('input').first().click();
  await range.locator('input').first().fill('2025-01-01');
  await range.locator('input').nth(1).click();
  await range.locator('input').nth(1).fill('2025-12-31');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-widget-key=customers] .tessera-stat-value')?.getAttribute('data-value') === '25',
    null,
    { timeout: 15_000 },
  );
  await settled();
  assert.equal(await chartAttr('byLevel', 'data-points'), '2');
  assert.equal(await chartAttr('byLevel', 'data-total'), '25');
  assert.equal(await chartAttr('byMonth', 'data-points'), '6');
  assert.equal(await chartAttr('byMonth', 'data-total'), '25');
  await page.waitForFunction(() =>
    /共 25 条/.test(document.querySelector('[data-widget-key=latest] .ant-pagination-total-text')?.textContent ?? ''),
  );
  // The 2024 half of the demo signed the same number: the comparison reads +0.0 %.
  assert.match((await widget('customers').locator('.tessera-stat-compare').textContent()) ?? '', /较上期/);
  await screenshot(page, 'dashboard-date-filter-zh');

  // A click on the VIP bar filters the other widgets (not the bar chart itself).
  await page.evaluate(() => document.exitFullscreen());
  await settled();
  const bars = widget('byLevel').locator('canvas');
  const box = await bars.boundingBox();
  assert.ok(box);
  // Two bars (普通, VIP) over the width of the plot: the right one is VIP.
  let filtered = false;
  for (const fraction of [0.72, 0.7, 0.75, 0.68, 0.78]) {
    for (const height of [0.85, 0.75, 0.65]) {
      await page.mouse.click(box.x + box.width * fraction, box.y + box.height * height);
      if (await page.locator('.tessera-cross-filter').isVisible()) {
        filtered = true;
        break;
      }
    }
    if (filtered) break;
  }
  assert.ok(filtered, 'a click on a bar sets the cross filter');
  await page.waitForFunction(
    () => document.querySelector('[data-widget-key=customers] .tessera-stat-value')?.getAttribute('data-value') === '8',
    null,
    { timeout: 15_000 },
  );
  assert.match((await page.locator('.tessera-cross-filter').textContent()) ?? '', /VIP/);
  await settled();
  assert.equal(await chartAttr('byLevel', 'data-points'), '2', 'the clicked chart keeps its bars');
  await screenshot(page, 'dashboard-cross-filter-zh');
  await page.locator('.tessera-cross-filter .ant-tag-close-icon').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-widget-key=customers] .tessera-stat-value')?.getAttribute('data-value') === '25',
  );
});

test('the dashboard in the main layout and at a tablet width', async () => {
  await page.goto(url(`/demo/dashboard/common/${dashboardId}?layout=main`));
  await page.getByTestId('sider').waitFor();
  await page.locator('.tessera-widget').first().waitFor();
  await screenshot(page, 'dashboard-main-layout-zh');
  await settled();
  assert.equal(await page.getByTestId('dashboard-layout').count(), 0);
  assert.equal(await statValue(), '50');
  await screenshot(page, 'dashboard-main-layout-zh');

  // 导出图片: one PNG of the whole dashboard (the charts' canvases and the widgets' text).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dashboard-export').click()]);
  assert.equal(download.suggestedFilename(), '客户看板.png');
  const file = await download.path();
  const bytes = readFileSync(file);
  assert.deepEqual([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
  // Width and height from the IHDR chunk: the grid's size at the device pixel ratio (1 here).
  const width = bytes.readUInt32BE(16);
  const grid = await page.locator('.tessera-dashboard-grid').boundingBox();
  assert.ok(grid && Math.abs(width - Math.ceil(grid.width)) <= 1, `png ${width} px wide, grid ${grid?.width}`);
  assert.ok(bytes.length > 20_000, `a PNG with content: ${bytes.length} bytes`);

  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(url(`/demo/dashboard/common/${dashboardId}`));
  await settled();
  assert.equal(await page.locator('.tessera-dashboard-grid').getAttribute('data-breakpoint'), 'md');
  await screenshot(page, 'dashboard-tablet-zh');
  await page.setViewportSize({ width: 1440, height: 900 });
});

const modal = () => page.locator('.ant-modal-content').last();
const listRow = (title: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: title });
const dashboardRow = (title: string) =>
  db.db.selectFrom(t.dashboard).select(['id', 'is_deleted', 'version']).where('title', '=', title).executeTakeFirst();

test('the dashboard list creates a dashboard, renames it and deletes it; 打开 opens one', async () => {
  await signOut();
  await signIn('admin', 'Tessera@2026');
  await page.goto(url('/demo/dashboard'));
  // The seeded dashboard: its title, 8 widgets of the demo plus the 8 added above, version 2.
  await listRow('客户看板').waitFor({ timeout: 20_000 });
  assert.match(await listRow('客户看板').innerText(), /客户看板\s+16\s+2\s+管理员/);
  await screenshot(page, 'dashboard-list-zh');

  await page.getByRole('button', { name: '新增', exact: true }).click();
  await modal().locator('.ant-formily-item', { hasText: '看板名称' }).locator('input').fill('销售看板');
  await modal()
    .getByRole('button', { name: /提\s*交|确\s*定/ })
    .click();
  await listRow('销售看板')
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      await screenshot(page, 'dashboard-list-create-failed');
      throw error;
    });
  assert.match(await listRow('销售看板').innerText(), /销售看板\s+0\s+1\s+管理员/);
  const created = await dashboardRow('销售看板');
  assert.ok(created);

  // 打开: a dashboard opens where a type-3 menu names it (the route guard, platform-shell §2).
  await listRow('客户看板').getByRole('button', { name: '打开' }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/common/${dashboardId}$`));
  await page.getByTestId('dashboard-layout').waitFor();
  await page.goBack();
  await listRow('销售看板').waitFor({ timeout: 20_000 });

  // 编辑 renames it: a new version under the new title.
  await listRow('销售看板').getByRole('button', { name: '编辑' }).click();
  await modal().locator('.ant-formily-item', { hasText: '看板名称' }).locator('input').fill('销售日报');
  await modal()
    .getByRole('button', { name: /提\s*交|确\s*定/ })
    .click();
  await listRow('销售日报').waitFor({ timeout: 20_000 });
  assert.match(await listRow('销售日报').innerText(), /销售日报\s+0\s+2\s+管理员/);

  // Delete (soft): asked first, then gone from the list, kept in the table as deleted.
  await listRow('销售日报').getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm-title', { hasText: '删除该看板？' }).waitFor();
  await page
    .locator('.ant-modal-confirm-btns')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await listRow('销售日报').waitFor({ state: 'detached' });
  assert.equal(Number((await dashboardRow('销售日报'))?.is_deleted), 1);
  assert.equal(await listRow('客户看板').count(), 1);
});
