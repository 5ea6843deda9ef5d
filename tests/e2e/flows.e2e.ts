/**
 * Approval flows in two browsers (issue 17 "Done means", docs/workflow.md): an operator submits a
 * customer for approval from its row; the approver's bell, open in another browser, goes from 0
 * to 1 within 2 s without a reload; the approver rejects with a comment from the to-do list; the
 * operator's page, without a reload, shows the rejection message's notification and its envelope
 * count goes to 1; the operator edits the record and resubmits; the approver's open to-do list
 * shows the new to-do by itself (live, no refresh); the approver approves; the record's detail
 * shows the whole timeline.
 * Screenshots: test-results/screenshots/flows-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../server/auth/passwords';
import { createDb, type Db } from '../../server/db/create-db';
import { newId } from '../../server/db/ids';
import { insertAudit, tableNames } from '../../server/db/tables';
import { openBrowser, screenshot } from './lib/browser';
import { notice, OK, signIn, tableRows } from './lib/operator';
import { sealedApi } from './lib/sealed-api';
import { startServer, type RunningServer } from './lib/server';

const OPERATOR = { account: 'flow_operator', password: 'Operator#2026' };
const APPROVER = { account: 'flow_manager', password: 'Manager#2026' };
const CUSTOMER = '审批流程测试客户';
const t = tableNames('tessera_sys_');

let server: RunningServer;
let db: Db;
let operator: Awaited<ReturnType<typeof openBrowser>>;
let approver: Awaited<ReturnType<typeof openBrowser>>;
let approverId = '';

/** A role over the customer menus only (no 系统管理), and one user with it. */
async function addUser(appId: string, roleId: string, account: { account: string; password: string }, name: string) {
  const id = newId();
  await db.db
    .insertInto(t.user)
    .values({
      id,
      app_id: appId,
      ...insertAudit(null, Date.now()),
      account: account.account,
      name,
      mobile: null,
      password_hash: await hashPassword(account.password),
      role_ids: roleId,
      status: 1,
    })
    .execute();
  return id;
}

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(`${server.url}/api/app/demo`)).json()) as { data: { id: string } };
  const appId = info.data.id;
  const menus = await db.db
    .selectFrom(t.menu)
    .select('id')
    .where('app_id', '=', appId)
    .where('title', 'in', ['客户管理', '客户'])
    .execute();
  const roleId = newId();
  await db.db
    .insertInto(t.role)
    .values({
      id: roleId,
      app_id: appId,
      ...insertAudit(null, Date.now()),
      name: 'E2E 业务员',
      identify: 'operator',
      level: 3,
      menu_ids: menus.map((m) => m.id).join(','),
    })
    .execute();
  await addUser(appId, roleId, OPERATOR, '业务员小王');
  approverId = await addUser(appId, roleId, APPROVER, '经理老李');

  const api = await sealedApi(server);
  await api.signInAdmin();
  const flow = await api.call('POST', '/api/flows/defs', {
    name: '客户审批',
    module: 'customer',
    steps: [{ name: '经理审批', approvers: [{ kind: 'user', id: approverId }], mode: 'any', fields: ['remark'] }],
  });
  assert.equal(flow.code, '200', flow.message);
  const created = await api.call('POST', '/api/common/customer', { name: CUSTOMER, level: 'vip', credit_limit: 5000 });
  assert.equal(created.code, '200', created.message);
  operator = await openBrowser();
  approver = await openBrowser();
});

after(async () => {
  await operator?.close();
  await approver?.close();
  await db?.destroy();
  await server?.stop();
});

const badge = (page: Page) => page.getByTestId('todo-badge').locator('.ant-scroll-number');
const envelope = (page: Page) => page.getByTestId('message-badge').locator('.ant-scroll-number');

/** The customers list showing only the test's customer. */
async function openCustomer(page: Page) {
  await page.goto(`${server.url}/demo/index`);
  const item = page.locator('.ant-menu-item').filter({ hasText: /^\s*客户\s*$/ });
  await page.getByText('首页', { exact: true }).first().waitFor();
  if (!(await item.isVisible())) await page.getByText('客户管理', { exact: true }).click();
  await item.click();
  await tableRows(page).first().waitFor();
  const name = page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');
  await name.fill(CUSTOMER);
  await name.press('Enter');
  await page.waitForFunction(
    () => document.querySelectorAll('.tessera-list-table .ant-table-tbody tr.ant-table-row').length === 1,
  );
  return tableRows(page).filter({ hasText: CUSTOMER });
}

async function submit(page: Page) {
  const row = await openCustomer(page);
  await row.getByRole('button', { name: '提交审批' }).click();
  // The confirm of this click (an earlier one may still be leaving the page).
  await page.locator('.ant-modal-confirm').last().getByRole('button', { name: OK }).click();
  await notice(page, '已提交审批').waitFor();
}

/** From the bell, the approver's to-do list; decides the one to-do with a comment. */
async function decide(page: Page, action: '同意' | '驳回', comment: string) {
  await page.getByTestId('bar-todo').click();
  await page.waitForURL(/\/demo\/backlog$/);
  // Already on the list the second time: no refresh click, the list reloads on todo.changed.
  const row = page.getByTestId('backlog').locator('.ant-table-row').filter({ hasText: '客户审批 · 经理审批' });
  await row.waitFor({ timeout: 30_000 });
  await row.getByRole('button', { name: new RegExp(`^${action[0]}\\s?${action[1]}$`) }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: `${action} · 客户审批` });
  await dialog.locator('textarea').fill(comment);
  await screenshot(page, `flows-backlog-${action === '同意' ? 'approve' : 'reject'}`);
  await dialog.getByRole('button', { name: OK }).click();
  await notice(page, action === '同意' ? '已同意' : '已驳回').waitFor();
}

test('submit, live bell, reject with a comment, resubmit, approve, timeline', async () => {
  await Promise.all([signIn(operator.page, server.url, OPERATOR), signIn(approver.page, server.url, APPROVER)]);
  await approver.page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await operator.page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  // The approver's shell has its event stream open and the bell shows no count.
  await approver.page.getByTestId('bar-todo').waitFor();
  assert.equal(await badge(approver.page).count(), 0);

  await submit(operator.page);
  const submittedAt = Date.now();
  await badge(approver.page).filter({ hasText: '1' }).waitFor({ timeout: 2000 });
  assert.ok(Date.now() - submittedAt <= 2000, 'the bell went to 1 within 2 s without a reload');
  await screenshot(approver.page, 'flows-bell');

  // The operator's envelope is empty, and its page is marked: a reload would lose the mark.
  await operator.page.getByTestId('bar-messages').waitFor();
  assert.equal(await envelope(operator.page).count(), 0);
  await operator.page.evaluate(() => ((window as unknown as { flowsMark?: number }).flowsMark = 1));

  await decide(approver.page, '驳回', '请补充备注后再提交');
  await badge(approver.page).waitFor({ state: 'detached' });

  // The operator gets the rejection live: a notification with its title, the envelope count at 1.
  await operator.page
    .locator('.ant-notification-notice')
    .filter({ hasText: '审批被驳回' })
    .waitFor({ timeout: 30_000 });
  await envelope(operator.page).filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
  assert.equal(await operator.page.evaluate(() => (window as unknown as { flowsMark?: number }).flowsMark), 1);
  await screenshot(operator.page, 'flows-rejection-message');

  // Back with the operator: editable again; a remark added, then resubmitted.
  const row = await openCustomer(operator.page);
  await row.getByRole('button', { name: /^编\s?辑$/ }).click();
  const modal = operator.page.locator('.ant-modal').filter({ hasText: '编辑' });
  const remark = modal.locator('.ant-formily-item').filter({ hasText: '备注' }).locator('textarea, input').first();
  await remark.fill('已补充：年采购额 200 万');
  await modal.getByRole('button', { name: OK }).click();
  await notice(operator.page, '编辑成功').waitFor();
  await submit(operator.page);
  await badge(approver.page).filter({ hasText: '1' }).waitFor({ timeout: 2000 });

  await decide(approver.page, '同意', '同意合作');
  await badge(approver.page).waitFor({ state: 'detached' });

  // The record's detail shows the whole timeline.
  const again = await openCustomer(operator.page);
  await again.getByRole('button', { name: /^详\s?情$/ }).click();
  const timeline = operator.page.getByTestId('flow-timeline');
  await timeline.waitFor();
  await timeline.getByTestId('flow-event-finish').waitFor();
  const actions = await timeline
    .locator('[data-testid^="flow-event-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  assert.deepEqual(actions, [
    'flow-event-submit',
    'flow-event-reject',
    'flow-event-submit',
    'flow-event-approve',
    'flow-event-finish',
  ]);
  const text = await timeline.innerText();
  assert.match(text, /请补充备注后再提交/);
  assert.match(text, /同意合作/);
  assert.match(text, /经理老李/);
  assert.equal(await operator.page.getByTestId('flow-status').innerText(), '已通过');
  await screenshot(operator.page, 'flows-timeline');
});

test('the flow page lists the flow and edits its steps', async () => {
  const admin = await openBrowser();
  try {
    await signIn(admin.page, server.url);
    await admin.page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
    await admin.page.goto(`${server.url}/demo/flow`);
    const table = admin.page.getByTestId('flow-admin');
    await table.locator('.ant-table-row').filter({ hasText: '客户审批' }).waitFor();
    assert.match(await table.innerText(), /1\. 经理审批/);
    await screenshot(admin.page, 'flows-admin');
    await table.getByRole('button', { name: /^编\s?辑$/ }).click();
    const editor = admin.page.getByTestId('flow-editor');
    await editor.getByTestId('flow-step-0').waitFor();
    await editor.getByRole('button', { name: '添加步骤' }).click();
    await editor.getByTestId('flow-step-1').waitFor();
    await screenshot(admin.page, 'flows-editor');
    // The new step has no name and no approver: the server refuses the save, naming what is wrong.
    await admin.page
      .locator('.ant-modal')
      .filter({ has: editor })
      .getByRole('button', { name: /^保\s?存$/ })
      .click();
    await editor.getByTestId('flow-editor-error').waitFor();
  } finally {
    await admin.close();
  }
});
