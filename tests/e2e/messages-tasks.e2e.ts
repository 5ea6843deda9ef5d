/**
 * Messages and scheduled tasks in a real browser on a production build (issue 17 items 4–5): an
 * admin sends a message from the mess page to an operator signed in in another browser, who gets
 * it live — a notification and the unread badge beside the to-do bell, no reload — and reads it.
 * Then the admin creates a task on the Task page (the cron expression explained as its next runs),
 * runs it now and sees the run in its history; the operator gets the task's message live too.
 * A report over the customer table stored as xlsx reaches the operator, who downloads it.
 * Screenshots: test-results/screenshots/messages-*.png, tasks-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { addOperator } from './lib/operator-user';
import { notice, pick, recordModal, signIn } from './lib/operator';

const OPERATOR_NAME = '消息接收人';
const OPERATOR = { account: 'mess_operator', password: 'Operator#2026', name: OPERATOR_NAME, roleName: 'E2E operator' };

let server: RunningServer;
let db: Db;
let admin: Awaited<ReturnType<typeof openBrowser>>;
let operator: Awaited<ReturnType<typeof openBrowser>>;

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(`${server.url}/api/app/demo`)).json()) as { data: { id: string } };
  await addOperator(db, info.data.id, OPERATOR);
  admin = await openBrowser();
  operator = await openBrowser();
});

after(async () => {
  await admin?.close();
  await operator?.close();
  await db?.destroy();
  await server?.stop();
});

const badge = (page: Page) => page.getByTestId('message-badge').locator('.ant-badge-count');

/** A live notification with this title (antd's notification, top right). */
const notification = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title });

test('an admin sends a message; the operator sees it live and reads it', async () => {
  const boss = admin.page;
  const other = operator.page;
  await Promise.all([signIn(boss, server.url), signIn(other, server.url, OPERATOR)]);
  await Promise.all([
    boss.waitForURL(/\/demo\/index$/, { timeout: 60_000 }),
    other.waitForURL(/\/demo\/index$/, { timeout: 60_000 }),
  ]);
  await other.getByTestId('bar-messages').waitFor();
  assert.equal(await badge(other).count(), 0);

  // The admin opens the messages page from the top bar and sends to the operator.
  await boss.getByTestId('bar-messages').click();
  await boss.waitForURL(/\/demo\/mess$/, { timeout: 60_000 });
  await boss.getByTestId('messages-send').click();
  const dialog = recordModal(boss, '发送消息');
  await pick(boss, boss.getByTestId('message-users').locator('.ant-select-selector'), OPERATOR_NAME);
  // Closes the multiple select's dropdown (Escape would close the dialog too).
  await dialog.locator('.ant-modal-title').click();
  await boss.getByTestId('message-title').fill('周五下午三点开会');
  await boss.getByTestId('message-body').fill('请带上本周的客户跟进记录。');
  await screenshot(boss, 'messages-send');
  await dialog
    .getByRole('button', { name: '发 送' })
    .or(dialog.getByRole('button', { name: '发送' }))
    .click();
  await notice(boss, '已发送给 1 位用户').waitFor();

  // The operator, without a reload: a notification and the badge.
  await notification(other, '周五下午三点开会').waitFor({ timeout: 15_000 });
  await badge(other).filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
  await screenshot(other, 'messages-live-notice', { fullPage: false });

  await other.getByTestId('bar-messages').click();
  await other.waitForURL(/\/demo\/mess$/, { timeout: 60_000 });
  const item = other.getByTestId('message-item').filter({ hasText: '周五下午三点开会' });
  await item.waitFor();
  assert.equal(await item.getAttribute('data-read'), 'no');
  await item.getByTestId('message-title-link').click();
  await item.getByTestId('message-body-text').filter({ hasText: '请带上本周的客户跟进记录。' }).waitFor();
  await other.getByTestId('message-item').and(other.locator('[data-read="yes"]')).waitFor();
  await badge(other).waitFor({ state: 'detached', timeout: 15_000 });
  await screenshot(other, 'messages-read');
});

test('an admin creates a task, runs it now and sees the run in its history', async () => {
  const boss = admin.page;
  const other = operator.page;
  await boss.goto(`${server.url}/demo/index`);
  const group = boss.locator('.ant-menu').getByText('系统管理', { exact: true });
  const entry = boss.locator('.ant-menu').getByText('定时任务', { exact: true });
  await group.waitFor({ timeout: 60_000 });
  if (!(await entry.isVisible())) await group.click();
  await entry.click();
  await boss.waitForURL(/\/demo\/Task$/, { timeout: 60_000 });
  await boss.getByTestId('tasks').waitFor();

  await boss.getByTestId('task-new').click();
  const form = recordModal(boss, '新建任务');
  await boss.getByTestId('task-name').fill('每日客户提醒');
  // Every second is refused with the reason, then a weekday morning is explained.
  await boss.getByTestId('task-cron').fill('* * * * * *');
  await boss.getByTestId('task-cron-error').filter({ hasText: '任务最多每分钟执行一次' }).waitFor();
  await boss.getByTestId('task-cron').fill('30 9 * * 1-5');
  await boss.getByTestId('task-cron-next').waitFor();
  await pick(boss, boss.getByTestId('task-users').locator('.ant-select-selector'), OPERATOR_NAME);
  await form.locator('.ant-modal-title').click();
  await boss.getByTestId('task-message-title').fill('记得跟进今天的客户');
  await screenshot(boss, 'tasks-form');
  await form.getByRole('button', { name: /保\s?存/ }).click();
  await notice(boss, '保存成功').waitFor({ timeout: 60_000 });
  const row = boss.locator('.ant-table-row').filter({ hasText: '每日客户提醒' });
  await row.waitFor();
  await screenshot(boss, 'tasks-list');

  await row.getByTestId('task-run').click();
  await notice(boss, '执行成功').waitFor({ timeout: 30_000 });
  const runs = boss.getByTestId('task-runs');
  await runs.locator('.ant-table-row').filter({ hasText: '成功' }).filter({ hasText: 'sent to 1 users' }).waitFor();
  await screenshot(boss, 'tasks-history', { fullPage: false });

  // The task's message reached the operator live.
  await notification(other, '记得跟进今天的客户').waitFor({ timeout: 15_000 });
  await other.getByTestId('message-item').filter({ hasText: '记得跟进今天的客户' }).waitFor();
});

test('a report over the customer table arrives as an xlsx the operator downloads from the message', async () => {
  const boss = admin.page;
  const other = operator.page;
  // The Task page afresh (the last test left a run history open over it).
  await boss.goto(`${server.url}/demo/Task`);
  await boss.getByTestId('tasks').waitFor({ timeout: 60_000 });
  await boss.getByTestId('task-new').click();
  const form = recordModal(boss, '新建任务');
  await boss.getByTestId('task-name').fill('客户周报');
  await boss.getByTestId('task-cron').fill('0 9 * * 1');
  await form.getByText('数据表报表', { exact: true }).click();
  await pick(boss, boss.getByTestId('task-table').locator('.ant-select-selector'), 'customer');
  const fields = boss.getByTestId('task-fields').locator('input');
  for (const key of ['name', 'level', 'credit_limit']) {
    await fields.fill(key);
    await fields.press('Enter');
  }
  await form.getByText('Excel (xlsx)', { exact: true }).click();
  await pick(boss, boss.getByTestId('task-users').locator('.ant-select-selector'), OPERATOR_NAME);
  await form.locator('.ant-modal-title').click();
  await boss.getByTestId('task-message-title').fill('客户周报');
  await screenshot(boss, 'tasks-table-report-form');
  await form.getByRole('button', { name: /保\s?存/ }).click();
  await notice(boss, '保存成功').waitFor({ timeout: 60_000 });
  const row = boss.locator('.ant-table-row').filter({ hasText: '客户周报' });
  await row.waitFor();
  await row.getByTestId('task-run').click();
  await notice(boss, '执行成功').waitFor({ timeout: 30_000 });

  // The operator's message links the file; 下载 saves it under its name.
  await notification(other, '客户周报').waitFor({ timeout: 15_000 });
  const item = other.getByTestId('message-item').filter({ hasText: '客户周报' });
  await item.waitFor();
  await item.getByTestId('message-title-link').click();
  await item.getByText(/报表文件：.*\.xlsx（\d+ 行）/).waitFor();
  await screenshot(other, 'messages-report-file', { fullPage: false });
  const [download] = await Promise.all([
    other.waitForEvent('download', { timeout: 30_000 }),
    item.getByTestId('message-download').click(),
  ]);
  assert.match(download.suggestedFilename(), /^客户.*\.xlsx$/);
  const path = await download.path();
  assert.ok(path && statSync(path).size > 1000, 'the xlsx has content');
});
