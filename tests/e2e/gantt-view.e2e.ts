/**
 * Issue 22, item 3: the gantt view shows every record of the query (50 demo customers, while the
 * table shows 10 a page), and survives 周 → 月 → 周 switches and window resizes without an uncaught
 * error (the released chart's "Cannot set properties of null (setting 'pixelRatio')").
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { openCustomers, signIn } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const errors: string[] = [];

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
  await openCustomers(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('every record of the query, and no error through view switches and resizes', async () => {
  await page.getByText('甘特图', { exact: true }).click();
  const gantt = page.locator('.tessera-list-gantt[data-task-count]');
  await gantt.waitFor();
  assert.equal(await gantt.getAttribute('data-task-count'), '50', 'all 50 customers, not the first page of 10');
  await page.locator('.tessera-gantt-chart canvas').first().waitFor();
  await screenshot(page, 'issue22-12-gantt-week');
  for (const label of ['月', '周', '月', '周']) {
    await page.locator('.tessera-list-gantt').getByText(label, { exact: true }).click();
    await page.waitForTimeout(300);
  }
  for (const width of [1000, 1440, 800, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
  }
  await page.locator('.tessera-list-gantt').getByText('月', { exact: true }).click();
  await page.waitForTimeout(500);
  await screenshot(page, 'issue22-13-gantt-month');
  // Leaving the view releases the chart; a resize after that must not reach it.
  await page.getByText('表格', { exact: true }).click();
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.waitForTimeout(500);
  assert.deepEqual(errors, []);

  // A search narrows the gantt too.
  const name = page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');
  await name.fill('华东');
  await name.press('Enter');
  await page.getByText('甘特图', { exact: true }).click();
  await page.locator('.tessera-list-gantt[data-task-count="5"]').waitFor();
  assert.deepEqual(errors, []);
});
