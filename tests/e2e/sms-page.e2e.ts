/**
 * The sms page in a real browser on a production build (issue 16 item 6): the admin opens 短信配置
 * from the menu, saves Aliyun settings against the loopback fake (the server is started with
 * OUTBOUND_ALLOW_LIST=127.0.0.1, the intranet allow-list) and sees only the secret's mask, adds a
 * login template, test-sends it — the fake receives it — and finds the send in 发送记录 with the
 * mobile masked. Screenshots: test-results/screenshots/sms-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startFakeAliyunSms, type FakeAliyunSms } from '../fakes/sms/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { choose as chooseIn, formItem, notice as noticeOf, openSystemPage, recordModal, signIn } from './lib/operator';

const KEY_ID = 'LTAI5tE2eKeyId';
const KEY_SECRET = 'e2eSecretValue0123456789ABCD';

let server: RunningServer;
let fake: FakeAliyunSms;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  fake = await startFakeAliyunSms({ [KEY_ID]: KEY_SECRET });
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const modal = (title: string) => recordModal(page, title);
const notice = (text: string) => noticeOf(page, text);
const item = (scope: Locator, title: string) => formItem(page, scope, title);
const choose = (scope: Locator, title: string, option: string) => chooseIn(page, scope, title, option);

test('an admin configures Aliyun SMS, test-sends a template and reads the send log', async () => {
  await signIn(page, server.url);
  await openSystemPage(page, '短信配置', 'sms');

  await page.getByRole('button', { name: '新增' }).first().click();
  const add = modal('新增');
  await item(add, 'AccessKey ID').locator('input').fill(KEY_ID);
  await item(add, 'AccessKey Secret').locator('input').fill(KEY_SECRET);
  await item(add, '短信签名').locator('input').fill('Tessera');
  await item(add, '接口地址').locator('input').fill(fake.url);
  await item(add, '测试手机号').locator('input').fill('13800138000');
  await add.getByRole('button', { name: '确定' }).click();
  await notice('新增成功').waitFor();
  const settingRow = page.locator('.tessera-list-table tbody tr').filter({ hasText: KEY_ID });
  await settingRow.waitFor();
  assert.match(await settingRow.innerText(), new RegExp(`••••${KEY_SECRET.slice(-4)}`));
  assert.equal((await page.content()).includes(KEY_SECRET), false);
  await screenshot(page, 'sms-settings');

  await page.getByRole('tab', { name: '短信模板' }).click();
  await page.waitForURL(/tab=templates/);
  await page.locator('.tessera-list-table').first().waitFor();
  await page.getByRole('button', { name: '新增' }).first().click();
  const addTemplate = modal('新增');
  await choose(addTemplate, '场景', '登录');
  await item(addTemplate, '模板编号').locator('input').fill('SMS_100001');
  await item(addTemplate, '模板内容').locator('textarea').fill('您的验证码为 ${code}，5 分钟内有效');
  await addTemplate.getByRole('button', { name: '确定' }).click();
  await notice('新增成功').waitFor();
  const templateRow = page.locator('.tessera-list-table tbody tr').filter({ hasText: 'SMS_100001' });
  await templateRow.waitFor();
  await templateRow.getByRole('button', { name: '测试发送' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  const result = page
    .locator('.ant-modal-confirm')
    .filter({ hasText: '测试短信已发送至 138****8000（服务商返回 OK）' });
  await result.waitFor();
  await screenshot(page, 'sms-test-send');
  await result.getByRole('button', { name: /确\s*定|OK/ }).click();
  assert.equal(fake.sent.at(-1)?.phone, '13800138000');
  assert.equal(fake.sent.at(-1)?.templateCode, 'SMS_100001');

  await page.getByRole('tab', { name: '发送记录' }).click();
  await page.waitForURL(/tab=logs/);
  const logRow = page.locator('.tessera-list-table tbody tr').filter({ hasText: '138****8000' });
  await logRow.waitFor();
  assert.match(await logRow.innerText(), /OK/);
  assert.equal((await page.content()).includes('13800138000'), false);
  await screenshot(page, 'sms-send-log');
});
