/**
 * Issue 22, item 6: dictionary labels follow the language (客户等级 普通/战略 → Normal/Strategic in
 * the list cells and the select's options, back to Chinese on the way back), and a runtime form's
 * validation message already on screen turns English when the language switches.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { openCustomers, recordModal, signIn, tableRows } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const cells = (text: string) => page.locator('.tessera-list-table .ant-table-tbody td').filter({ hasText: text });
const switchTo = (label: 'English' | '中文') => page.getByRole('button', { name: label }).click();

test('dictionary labels follow the language in list cells and select options', async () => {
  await openCustomers(page);
  await cells('战略').first().waitFor();
  await switchTo('English');
  await cells('Strategic').first().waitFor();
  await cells('Normal').first().waitFor();
  assert.equal(await cells('战略').count(), 0);
  assert.equal(await cells('普通').count(), 0);

  await screenshot(page, 'issue22-12-dict-cells-english');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = recordModal(page, 'Add');
  await add.getByRole('combobox', { name: 'Level' }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.first().waitFor();
  assert.deepEqual(await options.allInnerTexts(), ['Normal', 'VIP', 'Strategic']);
  await screenshot(page, 'issue22-13-dict-options-english');
  await options.filter({ hasText: 'Strategic' }).click();
  await add.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await add.waitFor({ state: 'hidden' });

  await switchTo('中文');
  await cells('战略').first().waitFor();
  assert.equal(await cells('Strategic').count(), 0);
  await tableRows(page).first().waitFor();
});

test('a validation message on a runtime form turns English with the language', async () => {
  await page.goto(`${server.url}/demo/user/detail`);
  const pane = page.locator('.ant-tabs-tabpane-active');
  const save = pane.getByRole('button', { name: /保\s?存|Save/ });
  await save.waitFor();
  if ((await save.innerText()).includes('Save')) await switchTo('中文');
  await pane.getByText('13800000000').waitFor();
  assert.equal(await page.getByLabel('姓名').inputValue(), '管理员');
  await page.getByLabel('姓名').fill('');
  await pane.getByRole('button', { name: '保存' }).click();
  await pane.getByText('请输入姓名', { exact: true }).waitFor();
  await switchTo('English');
  await pane.getByRole('button', { name: 'Save' }).waitFor();
  // The Chinese message goes (antd animates it out) and the field shows its error in English.
  await pane.getByText('请输入姓名', { exact: true }).waitFor({ state: 'detached', timeout: 5_000 });
  await screenshot(page, 'issue22-14-runtime-error-english');
  const help = pane.locator('.ant-formily-item-error-help');
  await help.first().waitFor();
  assert.match(await help.first().innerText(), /^[\x20-\x7e]+$/, 'the message is in English');
  // What the user typed (nothing) stays: the switch does not reload the record.
  assert.equal(await pane.getByRole('textbox').first().inputValue(), '');
  await screenshot(page, 'issue22-14-runtime-error-english');
  await switchTo('中文');
  await pane.getByText('请输入姓名', { exact: true }).waitFor();
});
