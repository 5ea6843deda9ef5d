/**
 * The widget gallery in Chromium: every widget of schemas/pages/gallery.page.json in edit and
 * read-only mode (tests/e2e/harness/gallery.html, served by a Vite dev server started here), with
 * screenshots of both modes for a human to look at, and checks that each widget really rendered.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { encryptQrText } from '../../runtime/core/qr/index';
import { openBrowser, screenshot, screenshotDir } from './lib/browser';

const root = new URL('../..', import.meta.url).pathname;
const gallery = JSON.parse(readFileSync(new URL('../../schemas/pages/gallery.page.json', import.meta.url), 'utf8'));
const fields: { key: string; type: string }[] = gallery.body[0].fields;
/** The key tests/e2e/harness/gallery.tsx configures (configureQrKey). */
const GALLERY_QR_KEY = '0123456789abcdeffedcba9876543210';

let vite: ViteDevServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const errors: string[] = [];

before(async () => {
  vite = await createServer({
    root,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  });
  await vite.listen();
  browser = await openBrowser();
  page = browser.page;
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('dialog', (dialog) => {
    errors.push(`dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
});

after(async () => {
  await browser?.close();
  await vite?.close();
});

test('the gallery renders every widget in edit and read-only mode', { timeout: 240_000 }, async () => {
  const address = vite.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await page.goto(`http://127.0.0.1:${port}/tests/e2e/harness/gallery.html`, { timeout: 180_000 });
  await page.locator('[data-gallery-ready]').waitFor({ timeout: 180_000 });
  // Lazy chunks (CodeMirror, wangEditor, markdown-it, icons) settle before the pictures.
  await page.locator('#gallery-edit .cm-editor').waitFor({ timeout: 60_000 });
  await page.locator('#gallery-edit .w-e-text-container').waitFor({ timeout: 60_000 });
  await page.locator('#gallery-readPretty .tessera-markdown h2').waitFor({ timeout: 60_000 });
  await page.locator('#gallery-readPretty .tessera-icon .anticon').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);

  for (const mode of ['edit', 'readPretty']) {
    const section = page.locator(`#gallery-${mode}`);
    const labels = await section.locator('.ant-formily-item-label').allInnerTexts();
    assert.ok(labels.length >= fields.length - 1, `${mode}: ${labels.length} labels for ${fields.length} fields`);
  }
  const read = page.locator('#gallery-readPretty');
  // Values shown as people read them, and nothing unsafe made it into the page.
  assert.equal(await read.getByText('个人开发者').count(), 1);
  assert.equal(await read.getByText('2024-03-05 ~ 2024-03-09').count(), 1);
  assert.equal(await read.getByText('••••••').count(), 1);
  assert.equal(await page.locator('script:not([type="module"]):not([src])').count(), 0);
  assert.equal(await page.locator('[onerror], [onclick]').count(), 0);
  assert.equal((await page.locator('.tessera-qr svg').count()) >= 2, true);
  assert.equal((await page.locator('svg.tessera-barcode rect').count()) > 10, true);
  assert.equal(await page.locator('#gallery-edit .tessera-card-section input').count(), 2);
  // change (transfer): two lists in edit mode, the chosen labels as tags read-only.
  assert.equal(await page.locator('#gallery-edit .tessera-change .ant-transfer-list').count(), 2);
  assert.deepEqual(await read.locator('.tessera-change-read .ant-tag').allInnerTexts(), ['微信 💬', '短信']);
  assert.deepEqual(errors, []);

  await screenshot(page, 'gallery-full');
  for (const mode of ['edit', 'readPretty'])
    await page
      .locator(`#gallery-${mode} .ant-formily-item`)
      .filter({ hasText: '通知渠道' })
      .screenshot({ path: join(screenshotDir, `gallery-change-${mode}.png`) });
  mkdirSync(screenshotDir, { recursive: true });
  await page.locator('#gallery-edit').screenshot({ path: join(screenshotDir, 'gallery-edit.png') });
  await page.locator('#gallery-readPretty').screenshot({ path: join(screenshotDir, 'gallery-read.png') });
});

test('barcode download saves barcode.png and QR download saves qrcode.png', { timeout: 60_000 }, async () => {
  const read = page.locator('#gallery-readPretty');
  await read.locator('.tessera-qr').first().click();
  const qrModal = page.locator('.ant-modal').filter({ has: page.locator('.tessera-qr-preview') });
  const [qr] = await Promise.all([
    page.waitForEvent('download'),
    qrModal.getByRole('button', { name: '下载' }).click(),
  ]);
  assert.equal(qr.suggestedFilename(), 'qrcode.png');
  // The platform reads back what it wrote: a payload under the gallery's key decodes in the preview.
  await qrModal.getByRole('textbox').fill(encryptQrText('TICKET-2024-0001', GALLERY_QR_KEY));
  assert.equal(await qrModal.locator('.tessera-qr-decoded').innerText(), 'TICKET-2024-0001');
  await qrModal.screenshot({ path: join(screenshotDir, 'gallery-qr-decoder.png') });
  await page.keyboard.press('Escape');
  await read.locator('svg.tessera-barcode').first().click();
  const barModal = page.locator('.ant-modal').filter({ has: page.locator('.tessera-barcode-preview') });
  const [bar] = await Promise.all([
    page.waitForEvent('download'),
    barModal.getByRole('button', { name: '下载' }).click(),
  ]);
  assert.equal(bar.suggestedFilename(), 'barcode.png');
});
