/**
 * The doc and doc/readme pages in a real browser on a production build (issue 16 item 8): the admin
 * opens 文档管理 from the menu, writes a document in the CodeMirror editor with the toolbar (a
 * heading, bold text) and an image uploaded through the toolbar's picker (the file API), sees it in
 * the live preview, marks it as the readme and saves; the top bar's readme button shows it. Then an
 * operator (a plain user role) opens the readme page — open to every signed-in user, platform-shell
 * §2 guard rule 4 — and reads it with the image loaded through the session; the doc page itself is
 * not theirs. Screenshots: test-results/screenshots/doc-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/create-db';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { addOperator } from './lib/operator-user';
import { notice, signIn } from './lib/operator';

const OPERATOR = { account: 'doc_reader', password: 'Reader#2026', name: '文档读者', roleName: 'E2E reader' };

let server: RunningServer;
let db: Db;
let admin: Awaited<ReturnType<typeof openBrowser>>;
let reader: Awaited<ReturnType<typeof openBrowser>>;

/** A solid-colour PNG (what a screenshot pasted into the editor would be), made here so no binary is committed. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

before(async () => {
  server = await startServer();
  db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(`${server.url}/api/app/demo`)).json()) as { data: { id: string } };
  await addOperator(db, info.data.id, OPERATOR);
  admin = await openBrowser();
  reader = await openBrowser();
});

after(async () => {
  await admin?.close();
  await reader?.close();
  await db?.destroy();
  await server?.stop();
});

/** The image in a rendered view has loaded (through an object URL, since the file API needs the session). */
async function imageLoaded(page: Page, testId: string): Promise<void> {
  await page.waitForFunction(
    (id) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid="${id}"] img`);
      return Boolean(img && img.src.startsWith('blob:') && img.complete && img.naturalWidth === 160);
    },
    testId,
    { timeout: 30_000 },
  );
}

test('an admin writes a document with an image and makes it the readme; an operator reads it', async () => {
  const page = admin.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  const group = page.locator('.ant-menu').getByText('系统管理', { exact: true });
  const entry = page.locator('.ant-menu').getByText('文档管理', { exact: true });
  await group.waitFor();
  if (!(await entry.isVisible())) await group.click();
  await entry.click();
  await page.waitForURL(/\/demo\/doc$/);
  await page.getByText('还没有文档，点击“新建文档”开始').waitFor();

  await page.getByRole('button', { name: '新建文档' }).click();
  const form = page.getByTestId('documents-admin');
  await form.locator('.ant-form-item').filter({ hasText: '标题' }).locator('input').fill('使用说明');
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.type('欢迎使用 Tessera');
  await page.getByTestId('md-heading').click(); // the line becomes a ## heading
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByTestId('md-bold').click(); // **粗体文字** selected: typing replaces it
  await page.keyboard.type('先阅读本页');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page
    .getByTestId('md-image-input')
    .setInputFiles({ name: 'overview.png', mimeType: 'image/png', buffer: png(160, 90, [22, 119, 255]) });
  await page
    .locator('.cm-content')
    .getByText(/!\[overview\.png\]\(api\/files\/download\/[0-9a-f]{32}\)/)
    .waitFor();

  const preview = page.getByTestId('doc-preview');
  await preview.locator('h2', { hasText: '欢迎使用 Tessera' }).waitFor();
  assert.equal(await preview.locator('strong').innerText(), '先阅读本页');
  await imageLoaded(page, 'doc-preview');

  await form.locator('.ant-form-item').filter({ hasText: '设为使用说明' }).getByRole('switch').click();
  await page.getByRole('button', { name: '保存' }).click();
  await notice(page, '保存成功').waitFor();
  await page.getByTestId('doc-node-使用说明').filter({ hasText: '使用说明' }).locator('.ant-tag').waitFor();
  await screenshot(page, 'doc-editor');

  // The admin's top bar has the readme button (platform-shell §6); it opens the readme.
  await page.getByTestId('bar-readme').click();
  await page.waitForURL(/\/demo\/doc\/readme$/);
  await page.getByTestId('readme-body').locator('h2', { hasText: '欢迎使用 Tessera' }).waitFor();
  await imageLoaded(page, 'readme-body');

  const other = reader.page;
  await signIn(other, server.url, OPERATOR);
  await other.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  // §6 shows the top bar's readme button to admins and trial accounts only; the page is open to all (§2 rule 4).
  assert.equal(await other.getByTestId('bar-readme').count(), 0);
  await other.goto(`${server.url}/demo/doc/readme`);
  const body = other.getByTestId('readme-body');
  await body.locator('h2', { hasText: '欢迎使用 Tessera' }).waitFor();
  assert.equal(await body.locator('strong').innerText(), '先阅读本页');
  await imageLoaded(other, 'readme-body');
  assert.equal(await other.getByTestId('readme-doc').locator('.ant-card-head-title').innerText(), '使用说明');
  assert.equal(await other.locator('.cm-content').count(), 0);
  await screenshot(other, 'doc-readme-operator');

  // The editor page is the admins': the operator's guard has no menu for it.
  await other.goto(`${server.url}/demo/doc`);
  await other.waitForURL(/\/demo\/404$/);
  assert.equal(await other.getByTestId('documents-admin').count(), 0);
});
