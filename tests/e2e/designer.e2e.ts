/**
 * The form designer in a real browser on a production build (issue 14 item 2, docs/designer.md):
 * an admin opens the demo customer module from 模块管理 in the designer, drags three widgets of
 * different types into the form (one into a grid cell dropped there first), is told why a list
 * cannot go into the form, sets a title, a key and required on one, undoes and redoes, saves
 * through the table-sync plan, and finds the new fields in the module's form opened from the menu.
 * Screenshots: test-results/screenshots/designer-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { designerUi } from './lib/designer-ui';
import { openBrowser, screenshot } from './lib/browser';

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

const { entry, node, setting } = designerUi(() => page);

/** Drags with the mouse in small steps (dnd-kit starts a drag after 5 px and follows pointer moves). */
async function drag(from: Locator, to: Locator, where: 'top' | 'bottom' | 'center' = 'center', drop = true) {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  const y = where === 'top' ? b.y + 4 : where === 'bottom' ? b.y + b.height - 4 : b.y + b.height / 2;
  await page.mouse.move(b.x + Math.min(40, b.width / 4), y, { steps: 12 });
  await page.mouse.move(b.x + Math.min(42, b.width / 4), y, { steps: 2 });
  if (drop) await page.mouse.up();
}

test('an admin builds fields in the designer, saves through the plan and sees them in the module', async () => {
  await page.goto(`${server.url}/demo/login`);
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });

  // 模块管理 → 打开设计器 on the customer module.
  await page.goto(`${server.url}/demo/module`);
  const row = page.locator('.tessera-list tbody tr').filter({ hasText: 'customer' });
  await row.waitFor({ timeout: 20_000 });
  await row.getByText('打开设计器').click();
  await page.waitForURL(/\/demo\/design\/[^/]+$/);
  await page.getByTestId('designer').waitFor({ timeout: 30_000 });
  await node('textarea').waitFor();
  await screenshot(page, 'designer-canvas');

  // The palette is the registry, grouped and searchable.
  await page.getByPlaceholder('搜索组件').fill('栅');
  assert.equal(await page.locator('.tessera-designer-entry').count(), 1);
  await page.getByPlaceholder('搜索组件').fill('');

  // A grid after 备注, a number into its cell, a date and a multi-line text into the form.
  await drag(entry('栅格'), node('textarea').last(), 'bottom');
  await node('grid').waitFor();
  await drag(entry('数字'), node('grid').locator('.tessera-designer-slot.is-empty'));
  await node('grid').locator('.tessera-designer-node[data-node-type="number"]').waitFor();
  await drag(entry('日期'), node('grid'), 'bottom');
  await drag(entry('多行文本'), node('switch').first(), 'bottom');
  assert.equal(await node('date').count(), 2, 'the new date field beside 签约日期');

  // A node moves between containers: the new multi-line text from the form into the grid's end;
  // Alt+↑ then moves it one place up inside the grid (the keyboard's move).
  const newText = page.locator('.tessera-designer-node[aria-label="多行文本 · textarea_1"]');
  await drag(newText, node('grid').locator('.tessera-designer-node[data-node-type="date"]'), 'bottom');
  await node('grid').locator('[aria-label="多行文本 · textarea_1"]').waitFor();
  const gridKeys = () =>
    node('grid')
      .locator('.tessera-designer-node')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')?.split(' · ')[1]));
  assert.deepEqual(await gridKeys(), ['number_1', 'date_1', 'textarea_1']);
  await page.keyboard.press('Alt+ArrowUp');
  await page.waitForFunction(() => {
    const labels = [...document.querySelectorAll('[data-node-type="grid"] .tessera-designer-node')];
    return labels[1]?.getAttribute('aria-label') === '多行文本 · textarea_1';
  });
  assert.deepEqual(await gridKeys(), ['number_1', 'textarea_1', 'date_1']);

  // A list cannot go into the form: the red chip at the pointer says why, the drop changes nothing.
  await drag(entry('列表'), node('grid').locator('.tessera-designer-slot'), 'center', false);
  const reason = page.locator('.tessera-designer-drop-reason');
  await page.locator('.tessera-designer-indicator.is-refused').waitFor();
  await reason.waitFor();
  assert.match(await reason.innerText(), /列表不能放在表单中/);
  // The viewport only: a full-page capture resizes it, and the drag would lose its drop target.
  await screenshot(page, 'designer-refused-drop', { fullPage: false });
  await page.mouse.up();
  await page.locator('.ant-message-notice').filter({ hasText: '列表不能放在表单中' }).waitFor();
  assert.equal(await node('list').count(), 1);

  // Title, key and required on the new date field, checked as typed.
  await node('date').last().click();
  await setting('标题（中文）').locator('input').fill('到期日');
  await setting('字段名').locator('input').fill('select');
  await setting('字段名').getByText('字段名 select 是数据库保留字，请换一个').waitFor();
  await setting('字段名').locator('input').fill('due_on');
  await setting('必填').locator('button[role="switch"]').click();
  await page.locator('.tessera-designer-node.is-selected').filter({ hasText: '到期日' }).waitFor();
  await screenshot(page, 'designer-settings');

  // Undo the required switch and the key, redo them.
  await page.getByTestId('designer').click({ position: { x: 600, y: 12 } });
  const dueLabel = page.locator('.tessera-designer-label', { hasText: '到期日 · due_on' });
  await page.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('button', { name: '撤销' }).click();
  await page
    .locator('.tessera-designer-label', { hasText: /到期日 · date_\d|到期日 · date/ })
    .first()
    .waitFor();
  await page.getByRole('button', { name: '重做' }).click();
  await page.getByRole('button', { name: '重做' }).click();
  await dueLabel.waitFor({ state: 'attached' });

  // Save: the plan first (new columns), then the save.
  await page.getByRole('button', { name: '保存' }).click();
  const plan = page.locator('.ant-modal-content').filter({ hasText: '保存前确认数据表变更' });
  await plan.waitFor();
  await plan.getByText(/新增列 due_on/).waitFor();
  await screenshot(page, 'designer-plan');
  await plan.getByRole('button', { name: '确认保存' }).click();
  await page.locator('.ant-message-notice').filter({ hasText: '已保存为版本 2' }).waitFor({ timeout: 20_000 });
  const head = await db.db
    .selectFrom(t.module)
    .select(['version', 'schema'])
    .where('table_name', '=', 'customer')
    .executeTakeFirstOrThrow();
  assert.equal(Number(head.version), 2);
  // The palette's English default ("Date") goes with the new Chinese title: English readers see 到期日.
  assert.match(String(head.schema), /"key":"due_on","type":"date","title":\{"zh":"到期日"\},"required":true/);
  assert.match(
    String(head.schema),
    /"type":"grid","props":\{"columns":2\},"children":\[\{"id":"f_\w+","key":"number_1"/,
  );

  // The JSON view shows the whole schema as saved.
  await page.locator('.ant-segmented-item').filter({ hasText: 'JSON' }).click();
  // CodeMirror draws the lines in view: the top of the schema.
  await page.locator('.tessera-designer-json .cm-content').filter({ hasText: '"schemaVersion": 2' }).waitFor();
  await screenshot(page, 'designer-json');
  await page.locator('.ant-segmented-item').filter({ hasText: '画布' }).click();
  await node('grid').waitFor();

  // History: two versions by the admin, a readable diff between them.
  await page.getByRole('button', { name: '历史版本' }).click();
  const drawer = page.locator('.tessera-designer-history');
  await drawer.locator('[data-version="2"]').waitFor();
  await drawer.locator('[data-version="1"] input[type="checkbox"]').check();
  await drawer.locator('[data-version="2"] input[type="checkbox"]').check();
  await drawer.getByRole('button', { name: '对比所选两个版本' }).click();
  await drawer.locator('.tessera-designer-change').first().waitFor();
  await screenshot(page, 'designer-history');
  await drawer.locator('.ant-drawer-close').click();

  // The module from the menu, as operators get it: the new fields in its form.
  await page.getByRole('button', { name: /返回模块管理/ }).click();
  await page.waitForURL(/\/demo\/module$/);
  await page.locator('.ant-layout-sider').getByRole('menuitem', { name: '客户', exact: true }).click();
  await page.waitForURL(/\/demo\/common\/[^/]+$/);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const modal = page.locator('.ant-modal-content').last();
  await modal.locator('.ant-formily-item', { hasText: '到期日' }).waitFor({ timeout: 20_000 });
  assert.equal((await modal.locator('.ant-formily-item-asterisk').filter({ hasText: '*' }).count()) >= 3, true);
  await screenshot(page, 'designer-module-form');
});
