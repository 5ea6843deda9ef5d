/**
 * AI pay mode and recharge in a real browser on a production build (issue 18 items 2 and 5): the
 * admin opens AI 管理 → AI 设置, sets pay mode 3 (按量付费), a daily quota and the payment gateway
 * (the loopback fake of tests/fakes/payment) and saves; the top bar's recharge entry appears. An
 * operator (a plain role) sees the recharge entry, opens the recharge tab (balance 0.00), pays 50
 * on the gateway's checkout page, comes back to the tab and sees the balance credited and the
 * top-up record paid. Screenshots: test-results/screenshots/ai-pay-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { startFakePayment, type FakePayment } from '../fakes/payment/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { addOperator } from './lib/operator-user';
import { notice, pick, signIn } from './lib/operator';

const OPERATOR = { account: 'payer', password: 'Payer#2026x', name: '充值用户', roleName: 'E2E payer' };

let server: RunningServer;
let gateway: FakePayment;
let db: Db;
let admin: Awaited<ReturnType<typeof openBrowser>>;
let payer: Awaited<ReturnType<typeof openBrowser>>;

before(async () => {
  gateway = await startFakePayment();
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(`${server.url}/api/app/demo`)).json()) as { data: { id: string } };
  await addOperator(db, info.data.id, OPERATOR);
  admin = await openBrowser();
  payer = await openBrowser();
});

after(async () => {
  await admin?.close();
  await payer?.close();
  await db?.destroy();
  await server?.stop();
  await gateway?.close();
});

/** Opens a menu group's entry when the group is folded (clicking it mid-animation would fold it again). */
async function openMenuEntry(page: Page, group: string, entry: string) {
  const submenu = page.locator('.ant-menu-submenu').filter({ hasText: group }).first();
  await submenu.waitFor();
  if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
    await submenu.locator('.ant-menu-submenu-title').first().click();
  const item = page.getByRole('menuitem', { name: entry });
  await item.waitFor({ state: 'visible' });
  await item.click();
}

/** The balance statistic reads `text` (antd splits the integer and the decimals into two spans). */
const balanceShows = (page: Page, text: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[data-testid="recharge-balance"]')?.textContent?.includes(expected),
    text,
    { timeout: 15_000 },
  );

test('the admin sets pay mode 3, a daily quota and the payment gateway on AI 设置', async () => {
  const page = admin.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await page.getByTestId('bar-todo').waitFor();
  assert.equal(await page.getByTestId('bar-recharge').count(), 0);

  await openMenuEntry(page, 'AI 管理', 'AI 设置');
  await page.waitForURL(/\/demo\/ai\/config$/);
  const form = page.locator('.ant-formily-item').first();
  await form.waitFor();
  // Loaded: the quota day's time zone shows the server's zone.
  const quota = page.getByRole('spinbutton', { name: '每人每日调用次数', exact: true });
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.ant-formily-item input')].some((i) => i.value === '0'),
    null,
    { timeout: 15_000 },
  );
  const payMode = page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: '付费模式', exact: true }) })
    .locator('.ant-select-selector');
  await pick(page, payMode, '按量付费（从余额扣费）');
  await quota.fill('20');
  await page.getByRole('textbox', { name: '支付网关地址', exact: true }).fill(gateway.url);
  await page.getByRole('textbox', { name: '商户号', exact: true }).fill(gateway.merchantId);
  await page.getByLabel('商户密钥', { exact: true }).fill(gateway.key);
  await page.getByRole('textbox', { name: '本站公网地址', exact: true }).fill(server.url);
  await screenshot(page, 'ai-pay-config');
  await page.getByRole('button', { name: /提\s?交/ }).click();
  await notice(page, '编辑成功').waitFor();
  // The event stream brings the new app info: the recharge entry appears without a reload.
  await page.getByTestId('bar-recharge').waitFor({ timeout: 15_000 });
  // The key is sealed and never shown again: only its mask.
  await page.reload();
  await page.getByText(`••••${gateway.key.slice(-4)}`).waitFor({ timeout: 30_000 });
  assert.equal((await page.content()).includes(gateway.key), false);
  await screenshot(page, 'ai-pay-config-saved');
});

test('an operator sees the recharge entry, tops up 50 through the gateway and sees the balance', async () => {
  const page = payer.page;
  await signIn(page, server.url, OPERATOR);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  await page.getByTestId('bar-recharge').click();
  await page.waitForURL(/\/demo\/user\/detail\?tab=recharge$/);
  await page.getByRole('tab', { name: '充值', exact: true, selected: true }).waitFor();
  await balanceShows(page, '0.00');
  await page.getByRole('button', { name: '50 元' }).click();
  await screenshot(page, 'ai-pay-recharge-before');

  await page.getByTestId('recharge-pay').click();
  await page.waitForURL((url) => url.href.startsWith(`${gateway.url}/pay?`), { timeout: 60_000 });
  await page.getByTestId('amount').getByText('¥ 50.00').waitFor();
  await screenshot(page, 'ai-pay-checkout');
  await page.getByTestId('pay-confirm').click();

  await page.waitForURL(/\/demo\/user\/detail\?tab=recharge$/, { timeout: 60_000 });
  await balanceShows(page, '50.00');
  await page.getByTestId('recharge-records').getByText('已到账').waitFor();
  await screenshot(page, 'ai-pay-recharge-after');
  assert.equal(gateway.notices.length, 1);
});
