/**
 * The dashboard's tablet layout and a chart's "open the list" click in Chromium (issue 15,
 * docs/dashboards.md "The designer" and "Click to filter"):
 * - an admin opens the designer of the seeded 客户看板, switches to 平板: its own tablet layout is
 *   reset to follow the desktop, then the bar chart is made full width on the tablet only; its click
 *   is set to 打开列表; saved;
 * - the dashboard at a tablet's width draws that chart across the whole grid, at a desktop's width
 *   as before; a click on the VIP bar opens the customer list searching 客户等级 = VIP.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { openBrowser, screenshot } from './lib/browser';
import { notice, signIn } from './lib/operator';
import { startServer, type RunningServer } from './lib/server';

const t = tableNames('tessera_sys_');
let server: RunningServer;
let db: Db;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let dashboardId = '';
let customerModule = '';

const url = (path: string) => `${server.url}${path}`;
const designCell = (key: string) => page.locator(`[data-design-key="${key}"]`);
const widget = (key: string) => page.locator(`[data-widget-key="${key}"]`);
const tabletNote = () => page.getByTestId('dash-tablet-note');

before(async () => {
  // A generous statement limit: on a loaded machine the SQLite worker queues the widgets' queries,
  // and this file is about layout and clicks, not the time limit (dashboard.e2e covers that).
  server = await startServer({ SQL_TIMEOUT_MS: '30000' });
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const app = (await (await fetch(url('/api/app/demo'))).json()) as { data: { id: string } };
  dashboardId = String(
    (await db.db.selectFrom(t.dashboard).select('id').where('app_id', '=', app.data.id).executeTakeFirstOrThrow()).id,
  );
  customerModule = String(
    (
      await db.db
        .selectFrom(t.module)
        .select('id')
        .where('app_id', '=', app.data.id)
        .where('table_name', '=', 'customer')
        .executeTakeFirstOrThrow()
    ).id,
  );
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

/** Every chart drawn, no widget loading. */
async function settled() {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.tessera-widget').length > 0 &&
      [...document.querySelectorAll('.tessera-widget')].every((w) => w.getAttribute('data-status') !== 'loading') &&
      [...document.querySelectorAll('.tessera-chart')].every((c) => c.getAttribute('data-drawn') === 'true'),
    null,
    { timeout: 30_000 },
  );
}

/**
 * A cell's width over its grid's, once past `bound` (or as it is after 20 s): the grid moves its
 * cells with a transition after a change and after its first measure, so a single reading can
 * catch them on the way.
 */
async function shareOnceSettled(
  cellSelector: string,
  gridSelector: string,
  side: 'above' | 'below',
  bound: number,
): Promise<number> {
  const wanted = { cellSelector, gridSelector, above: side === 'above', bound };
  await page
    .waitForFunction(
      ({ cellSelector: cellAt, gridSelector: gridAt, above, bound: limit }) => {
        const cell = document.querySelector(cellAt)?.getBoundingClientRect();
        const grid = document.querySelector(gridAt)?.getBoundingClientRect();
        if (!cell || !grid) return false;
        return above ? cell.width > grid.width * limit : cell.width < grid.width * limit;
      },
      wanted,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  return page.evaluate(
    ([cellAt, gridAt]) => {
      const cell = document.querySelector(cellAt)?.getBoundingClientRect();
      const grid = document.querySelector(gridAt)?.getBoundingClientRect();
      return cell && grid ? cell.width / grid.width : Number.NaN;
    },
    [cellSelector, gridSelector],
  );
}
const designShare = (key: string, side: 'above' | 'below', bound: number) =>
  shareOnceSettled(`[data-design-key="${key}"]`, '[data-testid="dash-canvas"]', side, bound);
const runtimeShare = (key: string, side: 'above' | 'below', bound: number) =>
  shareOnceSettled(`[data-widget-key="${key}"]`, '.tessera-dashboard-grid', side, bound);

test('the tablet layout is edited on its own in the designer and used below the desktop width', async () => {
  await signIn(page, server.url);
  await page.getByText('首页', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.goto(url(`/demo/dashboard/design/${dashboardId}`));
  await designCell('byLevel').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('dash-canvas').getAttribute('data-breakpoint'), 'lg');

  await page.getByTestId('dash-device').getByText('平板').click();
  await tabletNote().filter({ hasText: '平板布局已单独编辑' }).waitFor();
  assert.equal(await page.getByTestId('dash-canvas').getAttribute('data-breakpoint'), 'md');
  await page.getByRole('button', { name: '恢复自动布局' }).click();
  await tabletNote().filter({ hasText: '自动缩放' }).waitFor();

  await designCell('byLevel').click();
  await page.getByRole('button', { name: '占满整行' }).click();
  await tabletNote().filter({ hasText: '平板布局已单独编辑' }).waitFor();
  // The grid moves the cell with a transition after the change: wait for it to settle full width.
  assert.ok((await designShare('byLevel', 'above', 0.9)) > 0.9, 'full width on the tablet grid');

  await page.getByTestId('chart-on-click').getByText('打开列表').click();
  await screenshot(page, 'dashboard-designer-tablet-zh');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await notice(page, /已保存为版本/).waitFor({ timeout: 20_000 });

  // The desktop layout is as it was: the chart shares its row there.
  await page.getByTestId('dash-device').getByText('桌面').click();
  await page.locator('[data-testid="dash-canvas"][data-breakpoint="lg"]').waitFor();
  // The grid lays the cells out again after the switch: wait for it, then the chart shares its row.
  assert.ok((await designShare('byLevel', 'below', 0.6)) < 0.6, 'the desktop layout is untouched');

  // Full screen (the dashboard layout): the grid has the tablet's whole width.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(url(`/demo/dashboard/common/${dashboardId}`));
  await settled();
  assert.equal(await page.locator('.tessera-dashboard-grid').getAttribute('data-breakpoint'), 'md');
  assert.ok((await runtimeShare('byLevel', 'above', 0.95)) > 0.95, 'the chart spans the tablet grid');
  assert.ok((await runtimeShare('byIndustry', 'below', 0.6)) < 0.6, 'the others keep the derived layout');
  // The widgets it now covers moved below it: no two widgets share a spot on the page.
  const boxes = await page
    .locator('.tessera-widget')
    .evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-widget-key'), c.getBoundingClientRect().toJSON()]));
  for (const [i, [keyA, a]] of boxes.entries())
    for (const [keyB, b] of boxes.slice(i + 1))
      assert.ok(
        a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1,
        `${keyA} and ${keyB} overlap`,
      );
  await screenshot(page, 'dashboard-tablet-own-zh');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url(`/demo/dashboard/common/${dashboardId}`));
  await settled();
  assert.equal(await page.locator('.tessera-dashboard-grid').getAttribute('data-breakpoint'), 'lg');
  assert.ok((await runtimeShare('byLevel', 'below', 0.6)) < 0.6, 'on a desktop the chart keeps its desktop size');
});

test('a click on a bar opens the list of the bound table searching the clicked group', async () => {
  const box = await widget('byLevel').locator('canvas').boundingBox();
  assert.ok(box);
  // Two bars (普通, VIP) over the plot's width: the right one is VIP.
  let opened = false;
  for (const fraction of [0.72, 0.7, 0.75, 0.68, 0.78]) {
    for (const height of [0.85, 0.75, 0.65]) {
      await page.mouse.click(box.x + box.width * fraction, box.y + box.height * height);
      // The chart handles the click on its own frame: give the navigation a moment under load.
      opened = await page
        .waitForURL((address) => address.pathname.includes('/demo/common/'), { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (opened) break;
    }
    if (opened) break;
  }
  assert.ok(opened, 'a click on a bar opens the list');
  const address = new URL(page.url());
  assert.equal(address.pathname, `/demo/common/${customerModule}`);
  assert.deepEqual(JSON.parse(address.searchParams.get('q') ?? '{}'), { level: 'vip' });
  // The list asks for VIP customers only: every row's level reads VIP.
  // Waits for the list's answer: the table may be re-rendering (rows swapped) when first seen.
  const rowTexts = () =>
    page
      .locator('.tessera-list-table .ant-table-tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
  let levels: string[] = [];
  for (let waited = 0; waited < 30_000; waited += 250) {
    levels = await rowTexts();
    if (levels.length > 0 && levels.every((text) => /VIP/.test(text))) break;
    await page.waitForTimeout(250);
  }
  assert.ok(levels.length > 0, 'the list shows rows');
  assert.ok(
    levels.every((text) => /VIP/.test(text)),
    levels.join('\n'),
  );
  await screenshot(page, 'dashboard-click-opens-list-zh');
});
