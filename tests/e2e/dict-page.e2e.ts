/**
 * The dictionaries page (issue 16 item 1, docs/dict.md), as an admin would use it: the admin opens
 * 字典管理 from the menu and adds a dictionary and its three items on the page; a designer then puts
 * a 客户来源 select on that dictionary into the customers module (through the module API); the admin
 * finds the items in the customers' Add form and in the table cell of the record saved with one. Then, with the customers page open, an item's label is changed (through the API, as
 * another admin on another instance would): the open page shows the new label without a reload
 * (dict.changed over the event stream). Screenshots: test-results/screenshots/dict-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { startServer, type RunningServer } from './lib/server';
import { sealedApi, type SealedApi } from './lib/sealed-api';
import { openBrowser, screenshot } from './lib/browser';
import { OK, pick, recordModal, signIn, tableRows } from './lib/operator';

const CUSTOMER = '字典测试客户';
const ITEMS = [
  { label: '官网', value: 'web' },
  { label: '展会', value: 'expo' },
  { label: '转介绍', value: 'referral' },
];

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;
let api: SealedApi;
let moduleId = '';

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  api = await sealedApi(server);
  await api.signInAdmin();
  const row = await db.db
    .selectFrom('tessera_sys_module')
    .select('id')
    .where('table_name', '=', 'customer')
    .executeTakeFirstOrThrow();
  moduleId = String(row.id);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

/** Adds a 客户来源 select on the dictionary to the customers module, as a designer would save it. */
async function addSourceField() {
  const current = await api.call('GET', `/api/module/${moduleId}`);
  const schema = structuredClone(current.data.schema);
  schema.body[0].fields.push({
    id: 'f_e2esrc1',
    key: 'source',
    title: { zh: '客户来源', en: 'Source' },
    type: 'select',
    dictApi: { url: 'dict/customer_source', valueKey: 'value', labelKey: 'label' },
  });
  const saved = await api.call('PUT', `/api/module/${moduleId}`, { schema, confirm: true });
  assert.equal(saved.code, '200', saved.message);
}

const activePane = () => page.locator('.ant-tabs-tabpane-active');
const cells = (text: string) => page.locator('.tessera-list-table .ant-table-tbody td').filter({ hasText: text });

test('an admin adds a dictionary with three items and finds them in a module select and its table cells', async () => {
  await signIn(page, server.url);
  // The first sign-in of a fresh server builds its caches; on a loaded machine that took over 30 s once.
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  // From the menu: 系统管理 → 字典管理 (the seeded menu grants it to the admin role).
  const item = page.locator('.ant-menu-item').filter({ hasText: /^\s*字典管理\s*$/ });
  await page.getByText('首页', { exact: true }).first().waitFor();
  // The submenu may be open already (the shell opens the section of the current page): open it only if not.
  const shown = await item.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) await page.getByText('系统管理', { exact: true }).click();
  await item.click();
  await page.waitForURL(/\/demo\/dict(\?.*)?$/);
  await activePane().locator('.tessera-list-table .ant-table-tbody tr.ant-table-row').first().waitFor();
  await activePane().getByText('customer_level').waitFor();

  // The dictionary (type).
  await activePane().getByRole('button', { name: '新增' }).click();
  const addType = recordModal(page, '新增');
  await addType.getByLabel('字典编码').fill('customer_source');
  await addType.getByLabel('字典名称').fill('客户来源');
  await addType.getByLabel('英文名称').fill('Customer source');
  await addType.getByRole('button', { name: OK }).click();
  await addType.waitFor({ state: 'hidden' });
  await activePane().getByText('客户来源').waitFor();

  // Its three items, on the items tab.
  await page.getByRole('tab', { name: '字典项' }).click();
  await page.waitForURL(/tab=items/);
  await activePane().locator('.tessera-list-table').waitFor();
  for (const [index, entry] of ITEMS.entries()) {
    await activePane().getByRole('button', { name: '新增' }).click();
    const add = recordModal(page, '新增');
    await pick(page, add.getByRole('combobox', { name: '所属字典' }), '客户来源');
    await add.getByLabel('字典标签').fill(entry.label);
    await add.getByLabel('字典值').fill(entry.value);
    await add.getByLabel('排序').fill(String(index + 1));
    await add.getByRole('button', { name: OK }).click();
    await add.waitFor({ state: 'hidden' });
    await activePane().getByRole('cell', { name: entry.label, exact: true }).waitFor();
  }

  // A second item with the same value is refused, with the reason.
  await activePane().getByRole('button', { name: '新增' }).click();
  const duplicate = recordModal(page, '新增');
  await pick(page, duplicate.getByRole('combobox', { name: '所属字典' }), '客户来源');
  await duplicate.getByLabel('字典标签').fill('重复');
  await duplicate.getByLabel('字典值').fill('web');
  await duplicate.getByRole('button', { name: OK }).click();
  await page.getByText('字典「customer_source」中已有值为「web」的字典项').first().waitFor();
  await duplicate.getByRole('button', { name: '关闭' }).click();
  await duplicate.waitFor({ state: 'hidden' });
  await screenshot(page, 'dict-items');

  // Master/detail: a dictionary row's 字典项 button opens the items tab filtered by that dictionary.
  await page.getByRole('tab', { name: '字典类型' }).click();
  await page.waitForURL(/tab=types|\/dict$/);
  const typeRow = activePane().locator('.tessera-list-table tr.ant-table-row').filter({ hasText: 'customer_source' });
  await typeRow.getByRole('button', { name: '字典项' }).click();
  await page.waitForURL(
    (url) => url.searchParams.get('tab') === 'items' && url.searchParams.get('q') === '{"dict_code":"customer_source"}',
  );
  const itemRows = activePane().locator('.tessera-list-table .ant-table-tbody tr.ant-table-row');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.ant-tabs-tabpane-active .tessera-list-table .ant-table-tbody tr.ant-table-row')
        .length === 3,
  );
  assert.deepEqual(
    (await itemRows.allInnerTexts()).map((text) => ITEMS.some((i) => text.includes(i.label))),
    [true, true, true],
  );
  await screenshot(page, 'dict-items-of-type');

  // A designer puts the dictionary on the customers form (the save checks that the dictionary exists).
  await addSourceField();
  // The module's select offers them; a record saved with one shows its label in the table.
  await page.goto(`${server.url}/demo/common/${moduleId}`);
  await tableRows(page).first().waitFor();
  await page.getByRole('button', { name: '新增' }).click();
  const add = recordModal(page, '新增');
  await add.getByLabel('客户名称').fill(CUSTOMER);
  await pick(page, add.getByRole('combobox', { name: '客户等级' }), '普通');
  await add.getByRole('combobox', { name: '客户来源' }).click();
  // The 客户等级 dropdown may still be fading out (visible, and the last one until the new one
  // mounts): take the dropdown that offers this dictionary's items.
  const options = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .filter({ has: page.locator('.ant-select-item-option', { hasText: '官网' }) })
    .last()
    .locator('.ant-select-item-option');
  await options.first().waitFor();
  assert.deepEqual(await options.allInnerTexts(), ['官网', '展会', '转介绍']);
  await screenshot(page, 'dict-module-select');
  await options.filter({ hasText: '展会' }).click();
  await add.getByRole('button', { name: OK }).click();
  await add.waitFor({ state: 'hidden' });
  const row = tableRows(page).filter({ hasText: CUSTOMER });
  await row.waitFor();
  await row.getByRole('cell', { name: '展会', exact: true }).waitFor();
  const stored = await db.db
    .selectFrom('m_demo_customer')
    .select('source')
    .where('name', '=', CUSTOMER)
    .executeTakeFirstOrThrow();
  assert.equal(stored.source, 'expo');

  // Another admin renames the item: the open page shows the new label without a reload.
  const expo = await db.db
    .selectFrom('tessera_sys_dict')
    .select('id')
    .where('dict_code', '=', 'customer_source')
    .where('value', '=', 'expo')
    .executeTakeFirstOrThrow();
  const renamed = await api.call('PUT', `/api/common/tessera_sys_dict/${expo.id}`, { label: '展览会' });
  assert.equal(renamed.code, '200', renamed.message);
  await row.getByRole('cell', { name: '展览会', exact: true }).waitFor({ timeout: 15_000 });
  assert.equal(
    await cells('展会')
      .filter({ hasText: /^展会$/ })
      .count(),
    0,
  );
  await screenshot(page, 'dict-live-label');

  // In English: the page's texts, and the dictionary's English title in the items' 所属字典 cells.
  await page.goto(`${server.url}/demo/dict?tab=items`);
  await activePane().getByRole('cell', { name: '官网', exact: true }).waitFor();
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('tab', { name: 'Items' }).waitFor();
  await page.getByRole('tab', { name: 'Dictionaries' }).waitFor();
  await activePane().getByRole('cell', { name: 'Customer source', exact: true }).first().waitFor();
  await activePane().locator('thead').getByText('Label (Chinese)').waitFor();
  await screenshot(page, 'dict-items-en');
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('tab', { name: '字典项' }).waitFor();
});
