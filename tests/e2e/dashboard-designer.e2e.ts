/**
 * The dashboard designer in Chromium (issue 15 item 4, docs/dashboards.md "The designer"):
 * - an admin creates 销售概览 on the dashboard list and opens 设计: drags a stat card from the
 *   palette onto the grid, adds a bar chart grouped by the customer-level dictionary, a line chart
 *   by month of signed_at (the chart type switch keeps the binding), and a table; the live preview
 *   shows the dictionary's labels; a date filter on signed_at reaches all four; undo / redo; save
 *   (version 2) — the stored schema is checked in the database;
 * - someone saves in between: the next save opens the conflict dialog, 对比差异 shows the diff;
 * - an operator opens it from a type-3 menu in full screen: all four draw over the 50 demo
 *   customers, and the date filter narrows all four.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { ClientEnvelope } from '../../protocol/envelope/client';
import type { RequestOptions } from '../../protocol/http';
import { createApiClient } from '../../src/api/create-client';
import { hashPassword } from '../../server/auth/passwords';
import { createDb, type Db } from '../../server/db/create-db';
import { newId } from '../../server/db/ids';
import { insertAudit, tableNames } from '../../server/db/tables';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { ADMIN, notice, pick, signIn } from './lib/operator';

const t = tableNames('tessera_sys_');
const OPERATOR = { account: 'viewer', password: 'Viewer2026x' };
const TITLE = '销售概览';
let server: RunningServer;
let db: Db;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let appId = '';
let publicKey = '';
let dashboardId = '';

const url = (path: string) => `${server.url}${path}`;
/** A widget on the designer's grid; `cell` is one on the dashboard page. */
const designCell = (key: string) => page.locator(`[data-design-key="${key}"]`);
const cell = (key: string) => page.locator(`[data-widget-key="${key}"]`);
const settings = () => page.getByTestId('widget-settings');
const settingInput = (label: string) =>
  settings()
    .locator('.ant-form-item', { has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('input');
/** Picks an option of a searchable select by typing (its list is virtual: far options are not rendered). */
async function search(field: Locator, text: string) {
  await field.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
const saveButton = () => page.getByRole('button', { name: /保\s*存/ });

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(url('/api/app/demo'))).json()) as { data: { id: string; public_key: string } };
  appId = info.data.id;
  publicKey = info.data.public_key;
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

/** The app's own API client (envelope, headers) with the token the signed-in page holds. */
async function callAsPage<T = any>(options: RequestOptions) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('tessera_demo_token') ?? '{}') as { value?: string }).value,
  );
  assert.ok(token, 'the page is signed in');
  return createApiClient({
    prefixUrl: url('/api/'),
    token: () => token,
    saveToken: () => undefined,
    appId: () => appId,
    lang: () => 'zh',
    envelope: () => new ClientEnvelope(publicKey),
    onLogout: () => undefined,
    notJsonMessage: () => 'not JSON',
  }).request<T>(options);
}

/** Waits until every data widget has its answer and every chart has drawn. */
async function settled(count: number) {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('.tessera-dashboard-grid .tessera-widget').length === n &&
      [...document.querySelectorAll('.tessera-widget')].every((w) => w.getAttribute('data-status') === 'ready') &&
      [...document.querySelectorAll('.tessera-chart')].every((c) => c.getAttribute('data-drawn') === 'true'),
    count,
    { timeout: 30_000 },
  );
}

test('an admin builds a dashboard in the designer and saves it', async () => {
  await signIn(page, server.url, ADMIN);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await page.goto(url('/demo/dashboard'));
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const modal = page.locator('.ant-modal-content').last();
  await modal.locator('.ant-formily-item', { hasText: '看板名称' }).locator('input').fill(TITLE);
  await modal.getByRole('button', { name: /提\s*交|确\s*定/ }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: TITLE });
  await row.waitFor({ timeout: 30_000 });
  dashboardId = String(
    (await db.db.selectFrom(t.dashboard).select('id').where('title', '=', TITLE).executeTakeFirstOrThrow()).id,
  );

  // 设计 opens the designer on it.
  await row.getByRole('button', { name: '设计' }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/design/${dashboardId}$`), { timeout: 60_000 });
  await page.getByTestId('dash-palette').waitFor({ timeout: 60_000 });
  await page.getByText('从左侧拖入组件开始设计').waitFor();

  // A stat card dragged from the palette onto the grid.
  await page
    .locator('[data-palette-type="stat"]')
    .dragTo(page.locator('.tessera-dash-canvas .react-grid-layout'), { targetPosition: { x: 80, y: 40 } });
  await designCell('stat').waitFor({ timeout: 15_000 });
  await settingInput('标题（中文）').fill('客户数');
  await designCell('stat').getByText('客户数').first().waitFor();

  // A bar chart (the chart's defaults) grouped by the customer-level dictionary.
  await page.locator('[data-palette-type="chart"]').click();
  await designCell('chart').waitFor();
  await settingInput('标题（中文）').fill('按客户等级');
  await search(page.getByTestId('qb-group-0').locator('.ant-select-selector').first(), 'level');
  // The live preview shows the dictionary's labels.
  await page.getByTestId('data-preview').getByText('战略', { exact: true }).waitFor({ timeout: 20_000 });
  await screenshot(page, 'dashboard-designer-query-zh');

  // A line chart by month: another chart, its type switched, grouped by signed_at (a month bucket).
  await page.locator('[data-palette-type="chart"]').click();
  await designCell('chart_2').waitFor();
  await settingInput('标题（中文）').fill('按月签约');
  await search(page.getByTestId('qb-group-0').locator('.ant-select-selector').first(), 'signed_at');
  await page.getByTestId('qb-group-0').getByText('按月').waitFor();
  await page.getByTestId('chart-kind').getByText('折线', { exact: true }).click();
  await page.getByTestId('data-preview').getByText('signed_at_month').waitFor({ timeout: 20_000 });

  // A table of customers with the level and signing date.
  await page.locator('[data-palette-type="dataTable"]').click();
  await designCell('table').waitFor();
  await settingInput('标题（中文）').fill('客户明细');
  for (const key of ['level', 'signed_at'])
    await search(page.getByTestId('table-columns').locator('.ant-select-selector'), key);
  await page.keyboard.press('Escape');

  // The stat card full width, undone, redone, undone again (Ctrl+Z / Ctrl+Shift+Z).
  await designCell('stat').click();
  const width = () => designCell('stat').evaluate((e) => Math.round(e.getBoundingClientRect().width));
  const start = await width();
  const widthIs = (compare: 'wide' | 'narrow') =>
    page.waitForFunction(
      ([how, w]) => {
        const e = document.querySelector('[data-design-key="stat"]');
        const now = e ? Math.round(e.getBoundingClientRect().width) : 0;
        // 3 of 12 columns, or all 12.
        return how === 'wide' ? now > w * 2 : now <= w + 2;
      },
      [compare, start] as const,
    );
  await page.getByRole('button', { name: '占满整行' }).click();
  await widthIs('wide');
  await page.keyboard.press('Control+z');
  await widthIs('narrow');
  await page.keyboard.press('Control+Shift+Z');
  await widthIs('wide');
  await page.keyboard.press('Control+z');
  await widthIs('narrow');

  // The dashboard's settings (nothing selected): a date filter on signed_at reaches all four.
  await page.keyboard.press('Escape');
  const board = page.getByTestId('dashboard-settings');
  await board.waitFor();
  await board.getByRole('button', { name: '添加日期筛选' }).click();
  const filter = page.getByTestId('filter-period');
  await search(filter.locator('.ant-select-selector').first(), 'signed_at');
  await filter.getByPlaceholder('名称').fill('签约日期');
  await filter.getByText('作用于 4 个组件').waitFor();
  await pick(page, board.getByTestId('refresh-select').locator('.ant-select-selector'), '5 分钟');
  // Months cut in Shanghai, whatever the server's zone (the demo data's months).
  await board.getByPlaceholder('Asia/Shanghai').fill('Asia/Shanghai');
  assert.equal(await page.getByTestId('dash-dirty').textContent(), '有未保存的修改');
  await screenshot(page, 'dashboard-designer-zh');

  await saveButton().click();
  await notice(page, '已保存为版本 2').waitFor({ timeout: 20_000 });
  assert.equal(await page.getByTestId('dash-dirty').textContent(), '已是最新');
  const stored = await db.db
    .selectFrom(t.dashboard)
    .select(['schema', 'version'])
    .where('id', '=', dashboardId)
    .executeTakeFirstOrThrow();
  assert.equal(Number(stored.version), 2);
  const node = JSON.parse(String(stored.schema)).body[0];
  assert.deepEqual(
    node.children.map((c: { key: string; type: string }) => `${c.type}:${c.key}`),
    ['stat:stat', 'chart:chart', 'chart:chart_2', 'dataTable:table'],
  );
  assert.deepEqual(node.children[1].data.groupBy, ['level']);
  assert.equal(node.children[2].chart, 'line');
  assert.deepEqual(node.children[2].data.groupBy, [{ key: 'signed_at', bucket: 'month' }]);
  assert.equal(node.filters.length, 1);
  assert.deepEqual(
    { key: node.filters[0].key, kind: node.filters[0].kind, field: node.filters[0].field },
    { key: 'period', kind: 'dateRange', field: 'signed_at' },
  );
  assert.equal(node.filters[0].title.zh, '签约日期');
  assert.deepEqual(node.props, { refresh: 300, timeZone: 'Asia/Shanghai' });
  assert.equal(node.layouts.lg.length, 4);

  // 预览: the dashboard as viewers get it, its filter bar included.
  await page.getByRole('button', { name: /预\s*览/ }).click();
  const preview = page.getByTestId('dash-preview');
  await preview.locator('.tessera-dashboard-date').waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="dash-preview"] .tessera-widget').length === 4,
  );
  await screenshot(page, 'dashboard-designer-preview-zh');
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
  await preview.waitFor({ state: 'detached' });
});

test('a save after someone else saved offers reload or compare', async () => {
  const current = await callAsPage<{ schema: any; version: number }>({
    method: 'GET',
    url: `dashboard/${dashboardId}`,
  });
  const schema = current.data.schema;
  schema.body[0].children[0].title = { zh: '客户总数' };
  const other = await callAsPage({ method: 'PUT', url: `dashboard/${dashboardId}`, body: { schema, base_version: 2 } });
  assert.equal(String(other.code), '200', other.message);

  await page.locator('[data-palette-type="textBlock"]').click();
  await designCell('text').waitFor();
  await saveButton().click();
  await page.getByText('看板已被他人修改').waitFor({ timeout: 20_000 });
  await screenshot(page, 'dashboard-designer-conflict-zh');
  await page.getByRole('button', { name: '对比差异' }).click();
  await page.locator('.tessera-dash-history').getByText('v2 → v3').waitFor({ timeout: 20_000 });
  await page.locator('.tessera-dash-history .ant-drawer-close').click();
  // Reload takes the newest version (the other save's title) and drops the text block.
  await saveButton().click();
  await page.getByRole('button', { name: '重新加载（放弃我的修改）' }).click();
  await designCell('stat').getByText('客户总数').first().waitFor({ timeout: 20_000 });
  assert.equal(await designCell('text').count(), 0);
});

test('an operator opens it from a type-3 menu in full screen; the date filter reaches all four', async () => {
  const parent = await db.db
    .selectFrom(t.menu)
    .select('id')
    .where('app_id', '=', appId)
    .where('title', '=', '客户管理')
    .executeTakeFirstOrThrow();
  const menuId = newId();
  const now = Date.now();
  await db.db
    .insertInto(t.menu)
    .values({
      id: menuId,
      app_id: appId,
      ...insertAudit(null, now),
      title: TITLE,
      icon: 'DashboardOutlined',
      module_id: null,
      dashboard_id: dashboardId,
      parent_id: String(parent.id),
      path: null,
      url: null,
      type: 3,
      sort: 3,
    })
    .execute();
  const menus = await db.db
    .selectFrom(t.menu)
    .select('id')
    .where('app_id', '=', appId)
    .where('title', 'in', ['客户管理', '客户'])
    .execute();
  const roleId = newId();
  await db.db
    .insertInto(t.role)
    .values({
      id: roleId,
      app_id: appId,
      ...insertAudit(null, now),
      name: 'E2E viewer',
      identify: 'viewer',
      level: 3,
      menu_ids: [...menus.map((m) => String(m.id)), menuId].join(','),
    })
    .execute();
  await db.db
    .insertInto(t.user)
    .values({
      id: newId(),
      app_id: appId,
      ...insertAudit(null, now),
      account: OPERATOR.account,
      name: OPERATOR.account,
      mobile: null,
      password_hash: await hashPassword(OPERATOR.password),
      role_ids: roleId,
      status: 1,
    })
    .execute();

  await page.evaluate(() => localStorage.clear());
  await signIn(page, server.url, OPERATOR);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await page.getByRole('menuitem', { name: TITLE, exact: true }).click();
  await page.waitForURL(new RegExp(`/demo/dashboard/common/${dashboardId}$`));
  await page.getByTestId('dashboard-layout').waitFor();
  await page.getByTestId('fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
  await settled(4);
  await screenshot(page, 'dashboard-designed-full-zh');

  const statValue = () => cell('stat').locator('.tessera-stat-value').getAttribute('data-value');
  const chartAttr = (key: string, name: string) => cell(key).locator('.tessera-chart').getAttribute(name);
  assert.equal(await statValue(), '50');
  assert.equal(await chartAttr('chart', 'data-points'), '3');
  assert.equal(await chartAttr('chart_2', 'data-points'), '12');
  assert.match((await cell('table').locator('.ant-pagination-total-text').textContent()) ?? '', /共 50 条/);

  const range = page.locator('.tessera-dashboard-date');
  await range.locator('input').first().click();
  await range.locator('input').first().fill('2025-01-01');
  await range.locator('input').nth(1).click();
  await range.locator('input').nth(1).fill('2025-12-31');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.querySelector('[data-widget-key=stat] .tessera-stat-value')?.getAttribute('data-value') === '25',
    null,
    { timeout: 20_000 },
  );
  await settled(4);
  assert.equal(await chartAttr('chart', 'data-total'), '25');
  assert.equal(await chartAttr('chart_2', 'data-total'), '25');
  assert.match((await cell('table').locator('.ant-pagination-total-text').textContent()) ?? '', /共 25 条/);
  await screenshot(page, 'dashboard-designed-filtered-zh');
});
