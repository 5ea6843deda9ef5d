/**
 * The designer's remaining parts in a real browser on a production build (issue 14 "Done means",
 * docs/designer.md): an admin creates a module and opens it; in the customer module puts a tab
 * with two panes after 备注, a dictionary select in one pane (picked from the app's dictionaries,
 * with a preview) and a text in the other, a linkage (联系人 required when 所属行业 is 零售) built
 * without an expression, is told what is wrong with a typed expression, configures the list page
 * (备注 searched, 授信额度 sortable), previews edit mode and the list page, and saves through the
 * plan — all without the JSON view. Then, as an operator from the menu, adds a record (the linkage
 * asks for 联系人, the illegal-character rule strips `<>` with its warning), finds it by 备注 and exports. Back in
 * the designer: renames 联系人's key and title, moves it into the other pane, undoes and redoes,
 * saves — the record keeps its value — and rolls back to the first version.
 * Screenshots: test-results/screenshots/designer-module-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { sql } from 'kysely';
import { createDb, type Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { designerUi, dragNode, saveThroughPlan } from './lib/designer-ui';
import { signIn, recordModal, tableRows, pick, formItem } from './lib/operator';

const t = tableNames('tessera_sys_');

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

const url = (path: string) => `${server.url}${path}`;
const { entry, node, labelled, right, settingsTab, setting, moduleRow } = designerUi(() => page);

/** Inserts a palette entry at the selection (Enter on it: the keyboard's insert). */
async function insert(title: string) {
  await entry(title).focus();
  await page.keyboard.press('Enter');
}

const drag = (from: Locator, to: Locator, where: 'top' | 'bottom' = 'bottom') => dragNode(page, from, to, where);

async function openDesigner(table: string) {
  await page.goto(url('/demo/module'));
  await moduleRow(table).waitFor({ timeout: 30_000 });
  await moduleRow(table).getByText('打开设计器').click();
  await page.waitForURL(/\/demo\/design\/[^/]+$/);
  await page.getByTestId('designer').waitFor({ timeout: 60_000 });
}

const save = (version: number, step?: RegExp) => saveThroughPlan(page, version, step);

const headVersion = async () =>
  Number(
    (await db.db.selectFrom(t.module).select('version').where('table_name', '=', 'customer').executeTakeFirstOrThrow())
      .version,
  );

test('an admin designs a module without the JSON view; an operator uses it; rename, move, undo, roll back', async () => {
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });

  // A new module: created from 模块管理 and opened in the designer with its first field.
  await page.goto(url('/demo/module'));
  await moduleRow('customer').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const create = page.locator('.ant-modal-content').last();
  await create.locator('.ant-formily-item', { hasText: '模块名称' }).locator('input').fill('订单');
  await create.locator('.ant-formily-item', { hasText: '数据表名' }).locator('input').fill('orders');
  await create.getByRole('button', { name: /提\s*交|确\s*定/ }).click();
  await moduleRow('orders').waitFor({ timeout: 30_000 });
  await openDesigner('orders');
  await labelled('名称 · name').waitFor();

  // The customer module: a tab with two panes after 备注.
  await openDesigner('customer');
  await node('textarea').first().click();
  await insert('页签');
  await node('tab').waitFor();
  await node('tab')
    .getByRole('button', { name: /添加页签页/ })
    .click();
  await node('tab').getByRole('tab', { name: '页签2' }).waitFor();

  // Pane one: a select whose options are a dictionary of the app, picked with a preview.
  await node('tab').getByRole('tab', { name: '页签一' }).click();
  await insert('下拉选择');
  await labelled('下拉选择 · select_1').waitFor();
  await setting('标题（中文）').locator('input').fill('合作等级');
  await setting('字段名').locator('input').fill('partner_level');
  await settingsTab('选项').click();
  await right().getByText('数据字典', { exact: true }).click();
  await pick(page, right().getByTestId('dict-picker'), 'customer_level');
  await right().getByTestId('dict-preview').getByText('战略').waitFor();
  await screenshot(page, 'designer-module-options', { fullPage: false });

  // Pane two: a text whose being required follows 所属行业 (a linkage, picked, no expression).
  await node('tab').getByRole('tab', { name: '页签2' }).click();
  await insert('单行文本');
  await labelled('单行文本 · input_1').waitFor();
  await setting('标题（中文）').locator('input').fill('联系人');
  await setting('字段名').locator('input').fill('contact');
  await settingsTab('联动').click();
  const required = right().getByTestId('linkage-requiredFn');
  await required.getByTestId('add-condition').click();
  await pick(page, required.getByTestId('condition-field'), '所属行业');
  await pick(page, required.getByTestId('condition-value'), '零售');
  // A typed expression is checked as it is typed, and not applied while it is wrong.
  const readOnly = right().getByTestId('linkage-disabledFn');
  await readOnly.getByText('表达式', { exact: true }).click();
  await readOnly.getByTestId('expression-box').fill('price > 3');
  await readOnly.getByText('表达式中的“price”不是本表单的字段').waitFor();
  await screenshot(page, 'designer-module-linkage', { fullPage: false });
  await readOnly.getByTestId('expression-box').fill('');

  // The list page: 备注 searched, 授信额度 sortable, 20 a page.
  await node('list').click({ position: { x: 6, y: 6 } });
  await settingsTab('列表页').click();
  await right().getByTestId('list-search').getByLabel('备注').check();
  const creditColumn = right().getByTestId('list-column').filter({ hasText: '授信额度' });
  await creditColumn.getByRole('switch').click();
  await right().getByTestId('list-sort').getByPlaceholder('10').fill('20');
  await screenshot(page, 'designer-module-list-page', { fullPage: false });

  // Preview: edit mode with a sample record, and the list page over sample rows.
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('preview');
  await page.getByTestId('preview-modes').getByText('编辑', { exact: true }).click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLInputElement>('[data-testid="preview"] input')].some(
      (input) => input.value === '示例客户名称1',
    ),
  );
  await screenshot(page, 'designer-module-preview-edit', { fullPage: false });
  await page.getByTestId('preview-modes').getByText('列表页', { exact: true }).click();
  await preview.locator('.ant-table-row').nth(2).waitFor();
  await screenshot(page, 'designer-module-preview-list', { fullPage: false });
  await page.locator('.ant-modal-close').last().click();

  await save(2, /新增列 (partner_level|contact)/);
  const saved = String(
    (await db.db.selectFrom(t.module).select('schema').where('table_name', '=', 'customer').executeTakeFirstOrThrow())
      .schema,
  );
  assert.match(saved, /"requiredFn":"industry === 'retail'"/);
  assert.match(saved, /"dictApi":\{"valueKey":"value","labelKey":"label","url":"dict\/customer_level"\}/);
  assert.match(saved, /"column":\{"sortable":true\}/);

  // An operator's view, from the menu: add (the linkage and the illegal-character rule), search, export.
  await page.getByRole('button', { name: /返回模块管理/ }).click();
  await page.waitForURL(/\/demo\/module$/);
  await page.locator('.ant-layout-sider').getByRole('menuitem', { name: '客户', exact: true }).click();
  await page.waitForURL(/\/demo\/common\/[^/]+$/);
  await tableRows(page).first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const add = recordModal(page, '新增');
  await formItem(page, add, '客户名称').locator('input').fill('设计器客户');
  await pick(page, formItem(page, add, '客户等级').locator('.ant-select-selector'), 'VIP');
  await pick(page, formItem(page, add, '所属行业').locator('.ant-select-selector'), '零售');
  await formItem(page, add, '备注').locator('textarea').fill('设计器备注');
  await pick(page, formItem(page, add, '合作等级').locator('.ant-select-selector'), '战略');
  await add.getByRole('tab', { name: '页签2' }).click();
  const contact = formItem(page, add, '联系人');
  await contact.locator('.ant-formily-item-asterisk').waitFor();
  await add.getByRole('button', { name: /确\s?定|提\s?交/ }).click();
  await contact.getByText('联系人不能为空').waitFor();
  await contact.locator('input').fill('张<x>');
  // Stripped as typed, with the warning.
  await page.getByText('请勿输入非法字符！').first().waitFor();
  await contact.locator('input').fill('张三');
  await screenshot(page, 'designer-module-operator-add', { fullPage: false });
  await add.getByRole('button', { name: /确\s?定|提\s?交/ }).click();
  await add.waitFor({ state: 'hidden', timeout: 30_000 });

  const search = page.getByRole('search');
  const unfold = search.getByRole('button', { name: '展开' });
  if (await unfold.isVisible()) await unfold.click();
  await search
    .locator('.ant-formily-item')
    .filter({ hasText: '备注' })
    .locator('input, textarea')
    .first()
    .fill('设计器备注');
  await search.getByRole('button', { name: /查\s?询/ }).click();
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 1);
  await tableRows(page).filter({ hasText: '设计器客户' }).waitFor();

  await page.getByRole('button', { name: '导出' }).click();
  const dialog = page.locator('.tessera-list-export');
  await dialog.getByText('选择导出列').waitFor();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  assert.match((await download).suggestedFilename(), /\.xlsx$/);

  // Back in the designer: 联系人's key and title renamed, moved into the other pane (through the form).
  await openDesigner('customer');
  await node('tab').getByRole('tab', { name: '页签2' }).click();
  await labelled('联系人 · contact').click();
  await setting('标题（中文）').locator('input').fill('联系人姓名');
  await setting('字段名').locator('input').fill('contact_name');
  const moved = labelled('联系人姓名 · contact_name');
  await moved.waitFor();
  await drag(moved, node('textarea').first(), 'bottom');
  await node('tab').getByRole('tab', { name: '页签一' }).click();
  await drag(moved, labelled('合作等级 · partner_level'), 'bottom');
  await node('tab').locator('[aria-label="联系人姓名 · contact_name"]').waitFor();
  // Undo the move into the pane and redo it.
  await page.getByRole('button', { name: '撤销' }).click();
  await page.waitForFunction(
    () => !document.querySelector('[data-node-type="tab"] [aria-label="联系人姓名 · contact_name"]'),
  );
  await page.getByRole('button', { name: '重做' }).click();
  await node('tab').locator('[aria-label="联系人姓名 · contact_name"]').waitFor();
  await screenshot(page, 'designer-module-moved');
  await save(3, /列 contact 改名为 contact_name/);

  // The record keeps its value under the new name.
  const record = await sql<{
    contact_name: string;
  }>`select contact_name from m_demo_customer where name = '设计器客户'`.execute(db.db);
  assert.equal(record.rows[0]?.contact_name, '张三');

  // Roll back to the first version: a new version 4 with the schema of version 1.
  await page.getByRole('button', { name: '历史版本' }).click();
  const drawer = page.locator('.tessera-designer-history');
  await drawer.locator('[data-version="1"]').getByRole('button', { name: '回滚到此版本' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定|OK/ })
    .click();
  // The designer reloads at once (its toast goes with the drawer): the store says it is done.
  for (let tries = 0; tries < 60 && (await headVersion()) !== 4; tries++) await page.waitForTimeout(500);
  assert.equal(await headVersion(), 4);
  const rolled = String(
    (await db.db.selectFrom(t.module).select('schema').where('table_name', '=', 'customer').executeTakeFirstOrThrow())
      .schema,
  );
  assert.doesNotMatch(rolled, /partner_level|contact_name/);
  await node('textarea').first().waitFor({ timeout: 30_000 });
  assert.equal(await node('tab').count(), 0);
});
