/**
 * A widget's dashboard-filter mapping in Chromium (docs/dashboards.md "The designer"): three stat
 * cards over the 50 demo customers and a date filter 签约日期 on signed_at. In the designer the admin
 * leaves the first card on signed_at, sets the second to 不筛选此组件 and the third to 经 create_at
 * 筛选; the filter card's reach line follows; save. In 预览 (the dashboard as viewers get it) the range 2025 narrows the
 * first to the 25 customers signed in 2025, leaves the second at 50, and narrows the third by its
 * creation time (the demo rows are created when the server seeds them, today: none in 2025).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { ADMIN, notice, pick, signIn } from './lib/operator';
import { sealedApi } from './lib/sealed-api';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let dashboardId = '';

const stat = (key: string, zh: string) => ({
  type: 'stat',
  key,
  title: { zh, en: key },
  data: { table: 'customer', measures: [{ fn: 'count', as: 'n' }] },
  props: { compare: false },
});

const SCHEMA = {
  schemaVersion: 2,
  type: 'page',
  title: { zh: '筛选映射', en: 'Filter mapping' },
  body: [
    {
      type: 'dashboard',
      key: 'board',
      props: { timeZone: 'Asia/Shanghai' },
      filters: [{ key: 'period', kind: 'dateRange', field: 'signed_at', title: { zh: '签约日期', en: 'Signed on' } }],
      layouts: {
        lg: [
          { i: 'signed', x: 0, y: 0, w: 4, h: 2 },
          { i: 'everyone', x: 4, y: 0, w: 4, h: 2 },
          { i: 'created', x: 8, y: 0, w: 4, h: 2 },
        ],
      },
      children: [stat('signed', '按签约'), stat('everyone', '全部客户'), stat('created', '按创建')],
    },
  ],
};

const designCell = (key: string) => page.locator(`[data-design-key="${key}"]`);
const mapping = (filter: string) => page.getByTestId('filter-mapping').getByTestId(`filter-map-${filter}`);
const reach = () => page.getByTestId('filter-period').getByTestId('filter-reach');
const statValue = (key: string) =>
  page.getByTestId('dash-preview').locator(`[data-widget-key="${key}"] .tessera-stat-value`).getAttribute('data-value');

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  const api = await sealedApi(server);
  await api.signInAdmin();
  const created = await api.call('POST', '/api/dashboard', { title: '筛选映射', schema: SCHEMA });
  assert.equal(created.code, '200', created.message);
  dashboardId = String(created.data.id);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the admin maps the date filter per widget in the designer; the dashboard narrows each accordingly', async () => {
  await signIn(page, server.url, ADMIN);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await page.goto(`${server.url}/demo/dashboard/design/${dashboardId}`);
  await designCell('created').waitFor({ timeout: 60_000 });
  await page.getByTestId('dashboard-settings').waitFor();
  await reach().getByText('作用于 3 个组件').waitFor({ timeout: 20_000 });

  await designCell('everyone').click();
  await pick(page, mapping('period').locator('.ant-select-selector'), '不筛选此组件');
  await mapping('period').getByTitle('不筛选此组件').waitFor();
  await designCell('created').click();
  await pick(page, mapping('period').locator('.ant-select-selector'), '经 创建时间 · create_at 筛选');
  await mapping('period').getByTitle('经 创建时间 · create_at 筛选').waitFor();
  await page.getByTestId('filter-mapping').scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-designer-filter-mapping-zh', { fullPage: false });

  // Esc clears the selection once the focus has left the select (a select keeps Esc for itself).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await reach().getByText('作用于 2 个组件：signed、created').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await notice(page, '已保存为版本 2').waitFor({ timeout: 30_000 });

  // 预览: the saved dashboard as viewers get it, its filter bar included.
  await page.getByRole('button', { name: /预\s*览/ }).click();
  await page.getByTestId('dash-preview').locator('.tessera-dashboard-date').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      document
        .querySelector('[data-testid=dash-preview] [data-widget-key=everyone] .tessera-stat-value')
        ?.getAttribute('data-value') === '50',
    null,
    { timeout: 60_000 },
  );
  const range = page.getByTestId('dash-preview').locator('.tessera-dashboard-date');
  await range.locator('input').first().click();
  await range.locator('input').first().fill('2025-01-01');
  await range.locator('input').nth(1).click();
  await range.locator('input').nth(1).fill('2025-12-31');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () =>
      document
        .querySelector('[data-testid=dash-preview] [data-widget-key=signed] .tessera-stat-value')
        ?.getAttribute('data-value') === '25' &&
      document
        .querySelector('[data-testid=dash-preview] [data-widget-key=created] .tessera-stat-value')
        ?.getAttribute('data-value') === '0' &&
      [...document.querySelectorAll('[data-testid=dash-preview] .tessera-widget')].every(
        (w) => w.getAttribute('data-status') === 'ready',
      ),
    null,
    { timeout: 30_000 },
  );
  assert.equal(await statValue('everyone'), '50');
  await screenshot(page, 'dashboard-filter-mapping-page-zh', { fullPage: false });
});
