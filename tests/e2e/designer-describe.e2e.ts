/**
 * "描述修改 / Describe a change" in the form designer, in a real browser on a production build
 * (issue 19 item 5, docs/designer.md): an admin adds a model against the loopback fake, opens the
 * customer module in the designer, describes "a contact phone with mobile validation after the
 * customer name" and sees the change on the canvas (the new field outlined green) and in the list;
 * Discard leaves the document untouched; asked again, Accept applies it as one step — Ctrl+Z takes
 * it all back, Ctrl+Shift+Z brings it again — and the save writes it through the store.
 * Screenshots: test-results/screenshots/designer-describe-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { tableNames } from '../../server/db/tables';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { saveThroughPlan } from './lib/designer-ui';
import { choose, formItem, notice, openMenuPage, recordModal, signIn } from './lib/operator';

const t = tableNames('tessera_sys_');
let server: RunningServer;
let fake: FakeOpenAi;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let db: Db;

const PROMPT: string = JSON.parse(readFileSync('fixtures/ai-generator/describe-valid.json', 'utf8')).prompt;

before(async () => {
  fake = await startFakeOpenAi();
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
  await fake?.close();
});

const item = (scope: Locator, title: string) => formItem(page, scope, title);
const phone = () => page.locator('.tessera-designer-node[aria-label="联系电话 · contact_phone"]');
const panel = () => page.locator('.ant-drawer-content').filter({ has: page.getByTestId('describe-text') });
const undoButton = () => page.locator('.tessera-designer-toolbar').getByRole('button', { name: '撤销' });

async function ask() {
  await panel().getByTestId('describe-text').fill(PROMPT);
  await panel().getByTestId('describe-send').click();
  await panel().getByTestId('describe-result').waitFor({ timeout: 60_000 });
}

test('describe a change: the diff on the canvas, discard, accept as one undoable step, save', async () => {
  await signIn(page, server.url);
  await openMenuPage(page, 'AI 管理', '模型管理', 'ai/model');
  await page.getByRole('button', { name: '新增' }).first().click();
  const add = recordModal(page, '新增');
  await item(add, '模型名称').locator('input').fill('修改模型');
  await item(add, '模型标识').locator('input').fill('fake-plan');
  await item(add, '接口地址').locator('input').fill(fake.url);
  await item(add, 'API Key').locator('input').fill(fake.key);
  await choose(page, add, '默认模型', '是');
  await add.getByRole('button', { name: /^确\s?定$/ }).click();
  await notice(page, '新增成功').waitFor();

  await page.goto(`${server.url}/demo/module`);
  const row = page.locator('.tessera-list tbody tr').filter({ hasText: 'customer' });
  await row.waitFor({ timeout: 30_000 });
  await row.getByText('打开设计器').click();
  await page.getByTestId('designer').waitFor({ timeout: 60_000 });

  await page.getByTestId('describe-open').click();
  await ask();
  // The diff: the new field on the canvas outlined as added, the list naming it, nothing applied yet.
  await phone().waitFor();
  assert.equal(await phone().getAttribute('data-patch'), 'added');
  await panel().getByText('联系电话').first().waitFor();
  await panel().getByText('新增', { exact: true }).waitFor();
  assert.equal(await undoButton().isDisabled(), true);
  await screenshot(page, 'designer-describe-1-diff');

  await panel().getByTestId('describe-discard').click();
  await phone().waitFor({ state: 'detached' });
  assert.equal(await undoButton().isDisabled(), true);

  await ask();
  await panel().getByTestId('describe-accept').click();
  await panel().getByTestId('describe-result').waitFor({ state: 'detached' });
  await phone().waitFor();
  assert.equal(await phone().getAttribute('data-patch'), null);
  await page.locator('.ant-drawer-close').click();
  await screenshot(page, 'designer-describe-2-accepted');

  // One step: Ctrl+Z takes the whole change back, Ctrl+Shift+Z brings it again.
  await page.getByTestId('designer').focus();
  await page.keyboard.press('Control+z');
  await phone().waitFor({ state: 'detached' });
  assert.equal(await undoButton().isDisabled(), true);
  await page.keyboard.press('Control+Shift+z');
  await phone().waitFor();

  await saveThroughPlan(page, 2, /新增列 contact_phone/);
  const saved = String(
    (await db.db.selectFrom(t.module).select('schema').where('table_name', '=', 'customer').executeTakeFirstOrThrow())
      .schema,
  );
  assert.match(saved, /"key":"contact_phone"/);
  assert.match(saved, /"rule_pattern":"\^1\[3-9\]\\\\d\{9\}\$"/);
});
