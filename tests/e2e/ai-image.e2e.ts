/**
 * The image studio in a real browser on a production build (issue 18 item 4): the admin adds the
 * midjourney-proxy (the loopback fake; the server runs with OUTBOUND_ALLOW_LIST=127.0.0.1) on
 * AI 管理 → 绘图服务, opens AI 绘图, draws an MJ image and watches it go from queued through its
 * percentages to the 2x2 grid, upscales quadrant 2 (放大), then deletes a failed drawing after the
 * spec's confirmation. The panels fold, and load-more at the end says there is no more data.
 * Screenshots: test-results/screenshots/ai-img-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startFakeMidjourney, type FakeMidjourney } from '../fakes/midjourney/server';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { formItem, notice as noticeOf, openMenuPage, recordModal, signIn } from './lib/operator';

let server: RunningServer;
let mj: FakeMidjourney;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  mj = await startFakeMidjourney();
  server = await startServer({ OUTBOUND_ALLOW_LIST: '127.0.0.1' });
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await mj?.close();
});

const notice = (text: string) => noticeOf(page, text);
const result = () => page.getByTestId('ai-img-result');
/** Waits for the selected task to show a status (the page polls every 2 s). */
const resultStatus = (status: string) =>
  page.locator(`[data-testid="ai-img-result"][data-status="${status}"]`).waitFor({ timeout: 60_000 });

async function draw(prompt: string) {
  await page.getByTestId('ai-img-prompt').fill(prompt);
  await page.getByTestId('ai-img-generate').click();
  await notice('任务已提交').waitFor();
}

test('an admin configures midjourney-proxy on the drawing services page', async () => {
  await signIn(page, server.url);
  await openMenuPage(page, 'AI 管理', '绘图服务', 'ai/draw');
  await page.getByRole('button', { name: '新增' }).first().click();
  const add = recordModal(page, '新增');
  await formItem(page, add, '名称').locator('input').fill('MJ 代理');
  await formItem(page, add, '接口地址').locator('input').fill(mj.url);
  await formItem(page, add, '密钥 / API Key').locator('input').fill(mj.secret);
  await add.getByRole('button', { name: '确定' }).click();
  await notice('新增成功').waitFor();
  await page.locator('.tessera-list-table tbody tr').filter({ hasText: 'MJ 代理' }).waitFor();
  assert.equal((await page.content()).includes(mj.secret), false);
});

test('draws an MJ image, follows its progress to the grid and upscales a quadrant', async () => {
  await page.goto(`${server.url}/demo/ai/img`);
  await page.getByTestId('ai-img-placeholder').getByText('请在左侧面板创建').waitFor();
  await screenshot(page, 'ai-img-empty');

  await draw('a red fox in the snow, cinematic light');
  assert.equal(
    mj.calls.find((call) => call.path === '/mj/submit/imagine')?.body.prompt,
    'a red fox in the snow, cinematic light --ar 1:1 --q 2.5 --v 5',
  );
  await page.getByTestId('ai-img-history-item').first().waitFor();
  // Queued, then the provider's percentages (one per 2 s poll), then the grid.
  await resultStatus('RUNNING');
  await page.getByTestId('ai-img-progress').waitFor();
  await screenshot(page, 'ai-img-running');
  await resultStatus('SUCCESS');
  await page.getByTestId('ai-img-quadrant-2').waitFor();
  // The grid is ours (api/files/download), shown from a blob: never the provider's address.
  const src = await page.getByTestId('ai-img-picture').locator('img').first().getAttribute('src');
  assert.match(String(src), /^blob:/);
  await page.getByTestId('ai-img-history-item').first().locator('img').waitFor();
  await screenshot(page, 'ai-img-grid');

  await page.getByTestId('ai-img-quadrant-2').hover();
  await page.getByTestId('ai-img-u-2').click();
  await notice('任务已提交').waitFor();
  await result().getByText('放大 U2').waitFor();
  await resultStatus('SUCCESS');
  const change = mj.calls.filter((call) => call.path === '/mj/submit/change').at(-1);
  assert.deepEqual({ action: change?.body.action, index: change?.body.index }, { action: 'UPSCALE', index: 2 });
  assert.equal(await page.getByTestId('ai-img-quadrant-1').count(), 0);
  await page.getByTestId('ai-img-picture').locator('img').waitFor();
  await screenshot(page, 'ai-img-upscaled');
});

test('a failed drawing shows why and is deleted after the confirmation', async () => {
  await draw('this one will fail');
  await resultStatus('FAIL');
  await result().getByText('Job failed: the bot refused the prompt', { exact: false }).waitFor();
  await screenshot(page, 'ai-img-failed');
  const before = await page.getByTestId('ai-img-history-item').count();
  await page.getByTestId('ai-img-delete').click();
  await page.locator('.ant-popconfirm').getByText('确定删除该任务吗？').waitFor();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await notice('删除成功').waitFor();
  await page.getByTestId('ai-img-placeholder').waitFor();
  assert.equal(await page.getByTestId('ai-img-history-item').count(), before - 1);
});

test('the panels fold, load-more at the end says so, and the form offers SD-XL with its presets', async () => {
  await page.getByTestId('ai-img-load-more').click();
  await notice('没有更多数据了').waitFor();
  await page.getByTestId('ai-img-params-fold').click();
  await page.locator('[data-testid="ai-img-params"][data-folded="true"]').waitFor();
  await page.getByTestId('ai-img-history-panel-fold').click();
  await page.locator('[data-testid="ai-img-history-panel"][data-folded="true"]').waitFor();
  await screenshot(page, 'ai-img-folded');
  await page.getByTestId('ai-img-params-fold').click();
  await page.getByTestId('ai-img-history-panel-fold').click();
  await page.getByTestId('ai-img-type-BAIDU_SD').click();
  await page.getByTestId('ai-img-style').waitFor();
  await screenshot(page, 'ai-img-sd-form');
  // Without a Baidu service configured the server says the model is not supported.
  await page.getByTestId('ai-img-prompt').fill('a lighthouse');
  await page.getByTestId('ai-img-generate').click();
  await notice('模型不支持，请更换模型').waitFor();
});
