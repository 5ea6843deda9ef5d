/**
 * Issue 22, item 5: reload keeps the place. On the customers list, page 3 at 20 per page survives a
 * reload; a search and the card view are in the address, so Back / Forward step through them and a
 * shared link opens the list there; the hidden (folded) menu stays hidden across navigation and
 * reload.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { openCustomers, signIn, tableRows } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let customers = '';

const activePage = () => page.locator('.ant-pagination-item-active').first().innerText();
const pageSizeText = () => page.locator('.ant-pagination-options .ant-select-selection-item').first().innerText();
const nameSearch = () =>
  page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
  await openCustomers(page);
  customers = page.url();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('page 3 at 20 per page survives a reload', async () => {
  await page.locator('.ant-pagination-options .ant-select-selector').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '20 条/页' }).click();
  await page.waitForURL(/size=20/);
  await page.locator('.ant-pagination-item-3').click();
  await page.waitForURL(/page=3/);
  await page.reload();
  await tableRows(page).first().waitFor();
  assert.equal(await activePage(), '3');
  assert.match(await pageSizeText(), /20 条\/页/);
  assert.equal(await tableRows(page).count(), 10, '50 customers: the third page of 20 holds 10');
});

test('search and view are in the address: Back / Forward and a shared link restore them', async () => {
  await page.goto(customers);
  await tableRows(page).first().waitFor();
  await nameSearch().fill('华东精密');
  await nameSearch().press('Enter');
  await page.waitForURL(/q=/);
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 1);
  await page.getByText('卡片', { exact: true }).click();
  await page.waitForURL(/view=card/);
  const shared = page.url();

  await page.goBack();
  await page.waitForURL((url) => !url.search.includes('view=card'));
  await tableRows(page).first().waitFor();
  assert.equal(await tableRows(page).count(), 1, 'still the search');
  await page.goBack();
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 10);
  assert.equal(await nameSearch().inputValue(), '', 'the search form follows the address');
  await page.goForward();
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 1);
  assert.equal(await nameSearch().inputValue(), '华东精密');

  // A shared link in a new tab of the same browser: the search, the card view.
  const other = await browser.context.newPage();
  await other.goto(shared);
  await other.locator('.ant-card').filter({ hasText: '华东精密制造有限公司' }).first().waitFor();
  assert.equal(
    await other
      .getByRole('search')
      .locator('.ant-formily-item')
      .filter({ hasText: '客户名称' })
      .locator('input')
      .inputValue(),
    '华东精密',
  );
  await screenshot(other, 'issue22-08-shared-link-card-view');
  await other.close();
});

test('the hidden menu stays hidden across navigation and reload', async () => {
  await page.goto(customers);
  await page.getByTestId('sider').waitFor();
  await page.getByTestId('bar-fold').click();
  await page.getByTestId('sider').waitFor({ state: 'detached' });
  await page.goto(`${server.url}/demo/index`);
  await page.getByTestId('top-bar').waitFor();
  assert.equal(await page.getByTestId('sider').count(), 0);
  await page.reload();
  await page.getByTestId('top-bar').waitFor();
  assert.equal(await page.getByTestId('sider').count(), 0);
  await page.getByTestId('bar-fold').click();
  await page.getByTestId('sider').waitFor();
});
