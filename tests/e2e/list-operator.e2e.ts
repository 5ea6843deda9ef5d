/**
 * An operator on the customers list (building-blocks §2): search (Enter runs 查询), fold / unfold,
 * each view (table, cards, gantt), select and batch delete, hide a column and find it still hidden
 * in a new browser, export with a reordered column choice (the file opened to check its header),
 * and import from the downloaded template (a bad row listed, then a good file). Screenshots of
 * each view and dialog go to test-results/screenshots (the record modal's: list-modal.e2e.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const tmp = mkdtempSync(join(tmpdir(), 'tessera-list-e2e-'));

const rows = (p: Page = page) => p.locator('.tessera-list-table .ant-table-tbody tr.ant-table-row');
const headers = (p: Page = page) => p.locator('.tessera-list-table thead th').allInnerTexts();
const total = async (p: Page = page) =>
  Number(/共 (\d+) 条/.exec(await p.locator('.ant-pagination-total-text').first().innerText())?.[1]);

async function openCustomers(p: Page) {
  await p.goto(`${server.url}/demo`);
  await p.waitForURL(/\/demo\/login$/);
  await p.getByPlaceholder('请输入账号或手机号').fill('admin');
  await p.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await p.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await p.getByRole('button', { name: '登录' }).click();
  await p.waitForURL(/\/demo\/index$/);
  // The menu may group modules under a parent (客户管理 › 客户): open it when it is collapsed.
  const item = p.locator('.ant-menu-item').filter({ hasText: /^\s*客户\s*$/ });
  await p.getByText('首页', { exact: true }).first().waitFor();
  if (!(await item.isVisible())) await p.getByText('客户管理', { exact: true }).click();
  await item.click();
  await p.waitForURL(/\/demo\/common\/[^/]+$/);
  await rows(p).first().waitFor();
}

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await openCustomers(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('Enter in the search form runs 查询 and 重置 brings every row back', async () => {
  const all = await total();
  await screenshot(page, 'list-00-table');
  const name = page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');
  await name.fill('华东精密');
  await name.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 1);
  assert.match(await rows().first().innerText(), /华东精密制造有限公司/);
  await screenshot(page, 'list-01-search');
  await page.getByRole('button', { name: '重置' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 10);
  assert.equal(await total(), all);
});

test('the fold toggle shows the fields beyond one row and hides them again', async () => {
  const search = page.getByRole('search');
  assert.equal(await search.locator('.ant-formily-item').filter({ hasText: '签约日期' }).count(), 0);
  await search
    .getByRole('button', { name: '展 开' })
    .or(search.getByRole('button', { name: '展开' }))
    .click();
  await search.locator('.ant-formily-item').filter({ hasText: '签约日期' }).waitFor();
  await screenshot(page, 'list-02-unfolded');
  await search.getByRole('button', { name: /收\s?起/ }).click();
  await search.locator('.ant-formily-item').filter({ hasText: '签约日期' }).waitFor({ state: 'detached' });
});

test('the card view shows the same page as cards, the gantt view draws the chart', async () => {
  await page.locator('.tessera-list-views').getByText('卡片').click();
  await page.locator('.tessera-list-card').nth(9).waitFor();
  assert.equal(await page.locator('.tessera-list-card').count(), 10);
  assert.match(await page.locator('.tessera-list-card').first().innerText(), /客户等级/);
  await screenshot(page, 'list-03-cards');
  await page.locator('.tessera-list-views').getByText('甘特图').click();
  await page.locator('.tessera-gantt-chart canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  await screenshot(page, 'list-04-gantt-week');
  await page.locator('.tessera-list-gantt').getByText('月', { exact: true }).click();
  await page.waitForTimeout(500);
  await screenshot(page, 'list-05-gantt-month');
  await page.locator('.tessera-list-views').getByText('表格').click();
  await rows().nth(9).waitFor();
});

test('batch delete with nothing selected only warns 请选择要删除的数据', async () => {
  const before = await total();
  await page.getByRole('button', { name: '批量删除' }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '请选择要删除的数据' }).waitFor();
  await screenshot(page, 'list-12-batch-delete-none');
  assert.equal(await page.locator('.ant-modal-confirm').count(), 0, 'no confirm without a selection');
  assert.equal(await total(), before);
});

test('select two rows and batch delete them', async () => {
  const before = await total();
  await rows().nth(0).getByRole('checkbox').check();
  await rows().nth(1).getByRole('checkbox').check();
  await page.getByText('已选择 2 项数据').waitFor();
  await page.getByRole('button', { name: '批量删除' }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确认删除？' });
  await confirm.waitFor();
  await screenshot(page, 'list-06-batch-delete-confirm');
  await confirm.getByRole('button', { name: /确\s?定/ }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '删除成功' }).waitFor();
  await page.waitForFunction(
    (n) =>
      /共 (\d+) 条/.exec(document.querySelector('.ant-pagination-total-text')?.textContent ?? '')?.[1] === String(n),
    before - 2,
  );
  assert.equal(await page.getByText(/已选择 \d+ 项数据/).count(), 0);
});

test('a hidden column stays hidden in a new browser', async () => {
  assert.ok((await headers()).includes('手机号'));
  await page.getByRole('button', { name: '显隐列设置' }).click();
  const dialog = page.locator('.tessera-list-columns');
  await dialog.getByText('是否隐藏').waitFor();
  await dialog.getByRole('switch', { name: '手机号' }).click();
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.tessera-list-table thead th')].some((th) => th.textContent === '手机号'),
  );
  await screenshot(page, 'list-07-columns-dialog');
  await dialog.locator('.ant-modal-close').click();

  const other = await openBrowser();
  try {
    await openCustomers(other.page);
    await other.page.waitForTimeout(500);
    const shown = await headers(other.page);
    assert.ok(shown.includes('客户名称'), shown.join(','));
    assert.ok(!shown.includes('手机号'), `手机号 should stay hidden: ${shown.join(',')}`);
    await screenshot(other.page, 'list-08-columns-new-browser');
  } finally {
    await other.close();
  }
});

test('export with a reordered column choice writes the header in that order', async () => {
  await page.getByRole('button', { name: '导出' }).click();
  const dialog = page.locator('.tessera-list-export');
  await dialog.getByText('选择导出列').waitFor();
  for (const name of ['所属行业', '授信额度', '签约日期', '是否启用', '备注'])
    await dialog.getByText(name, { exact: true }).click();
  await dialog.getByRole('button', { name: '上移 客户等级' }).click();
  // And one move by dragging the handle: 手机号 above 客户等级.
  const handles = dialog.locator('.tessera-drag-handle');
  await handles.nth(2).dragTo(dialog.locator('li').nth(1));
  await screenshot(page, 'list-09-export-dialog');
  const order = await dialog.locator('li').allInnerTexts();
  assert.deepEqual(order.slice(0, 3), ['客户名称', '手机号', '客户等级']);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), '客户导出.xlsx');
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type; the bytes are what matter.
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['客户名称', '手机号', '客户等级']);
  assert.ok(sheet.rowCount > 1);
});

/** Fills the downloaded template: one row per record, cells matched to the header titles. */
async function workbookFrom(template: string, records: Record<string, string>[], name: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(template)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const titles = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? '').replace(/[*＊\s]/g, ''));
  records.forEach((record, i) => {
    const row = sheet.getRow(i + 2);
    for (const [title, value] of Object.entries(record)) {
      const column = titles.indexOf(title);
      assert.ok(column > 0, `template has no column ${title}: ${titles.join(',')}`);
      row.getCell(column).value = value;
    }
    row.commit();
  });
  const path = join(tmp, name);
  await book.xlsx.writeFile(path);
  return path;
}

test('import: the template downloads, a bad row is listed, then a good workbook is imported', async () => {
  const before = await total();
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.locator('.tessera-list-import');
  await dialog.getByText('导入客户').waitFor();
  await dialog.getByText('每次最多导入 200 条数据').waitFor();
  assert.equal(await dialog.locator('input[type=file]').getAttribute('accept'), '.xlsx,.xls');
  await screenshot(page, 'list-10-import-dialog');

  const templateDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载模版' }).click();
  const template = await templateDownload;
  assert.equal(template.suggestedFilename(), '客户模版.xlsx');
  const templatePath = join(tmp, 'template.xlsx');
  await template.saveAs(templatePath);

  const name = `导入客户${Date.now() % 100000}`;
  const bad = await workbookFrom(templatePath, [{ 客户名称: name, 手机号: '123', 客户等级: '普通' }], 'bad.xlsx');
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await dialog.getByRole('button', { name: /开始导入|开始 导入/ }).click();
  const errors = dialog.locator('.tessera-import-errors');
  await errors.getByText(/第 2 行 · 手机号/).waitFor();
  await screenshot(page, 'list-11-import-row-errors');
  assert.equal(await total(), before, 'a file with an error imports nothing');

  const good = await workbookFrom(
    templatePath,
    [{ 客户名称: name, 手机号: '13912340000', 客户等级: '普通' }],
    'good.xlsx',
  );
  await dialog.locator('input[type=file]').setInputFiles(good);
  await dialog.getByRole('button', { name: /开始导入|开始 导入/ }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '成功导入 1 条数据' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    (n) =>
      /共 (\d+) 条/.exec(document.querySelector('.ant-pagination-total-text')?.textContent ?? '')?.[1] === String(n),
    before + 1,
  );
  const search = page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');
  await search.fill(name);
  await search.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 1);
  assert.match(await rows().first().innerText(), new RegExp(name));
});
