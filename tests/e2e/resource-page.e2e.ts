/**
 * The file library page in a real browser on a production build (issue 16 item 5): the admin opens
 * 资源管理 from the menu, creates a folder, drops three files on the upload zone (the file chooser
 * behind it takes several at once) and watches them upload, previews the image, renames a file,
 * moves it into the folder, deletes one into the recycle bin and restores it, searches, and deletes
 * and restores two files at once. Screenshots:
 * test-results/screenshots/resource-*.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { gradientPng } from '../../fixtures/files/gradient-png';
import { PDF_MINI, TEXT_NOTE } from '../../fixtures/files/samples';
import { E2E_CAPTCHA, startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const modal = (title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
const notice = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const row = (name: string) => page.locator('.tessera-file-library tbody tr').filter({ hasText: name });
const names = () => page.locator('.tessera-file-library tbody td.tessera-file-library-name-cell').allInnerTexts();

test('an admin uploads three files, previews one, renames, moves into a folder and deletes', async () => {
  await page.goto(`${server.url}/demo/login`);
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });

  const group = page.locator('.ant-menu').getByText('系统管理', { exact: true });
  const entry = page.locator('.ant-menu').getByText('资源管理', { exact: true });
  await group.waitFor();
  if (!(await entry.isVisible())) await group.click();
  await entry.scrollIntoViewIfNeeded();
  await entry.click();
  await page.waitForURL(/\/demo\/resource$/);
  await page.locator('.tessera-file-library').waitFor();
  await page.getByText('此文件夹为空').waitFor();

  // A folder first, from the toolbar.
  await page.getByRole('button', { name: '新建文件夹' }).click();
  const folderDialog = modal('新建文件夹');
  await folderDialog.locator('input').fill('合同');
  await folderDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await notice('操作成功').waitFor();
  await row('合同').waitFor();
  await page.locator('.tessera-file-library-folders').getByText('合同').waitFor();

  // Three files at once through the drop zone's chooser.
  await page.locator('.tessera-file-library-upload input[type=file]').setInputFiles([
    { name: 'logo.png', mimeType: 'image/png', buffer: gradientPng(480, 270) },
    { name: '报价单.pdf', mimeType: 'application/pdf', buffer: PDF_MINI },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: TEXT_NOTE },
  ]);
  await notice('已上传 3 个文件').waitFor();
  assert.equal(await page.locator('.tessera-file-library-queue-item[data-state=done]').count(), 3);
  assert.match(await page.locator('.tessera-file-library-queue .ant-progress-text').innerText(), /3 \/ 3/);
  await row('notes.txt').waitFor();
  assert.deepEqual(await names(), ['合同', 'logo.png', 'notes.txt', '报价单.pdf']);
  await screenshot(page, 'resource-uploaded');

  // Preview the image through the runtime's image preview (the bytes fetched with the session).
  await row('logo.png').getByRole('button', { name: '预览' }).click();
  const image = page.locator('.ant-modal img.tessera-image-preview-main[alt="logo.png"]');
  await image.waitFor();
  assert.match((await image.getAttribute('src')) ?? '', /^blob:/);
  await page.waitForFunction(
    () => (document.querySelector('img.tessera-image-preview-main') as HTMLImageElement | null)?.naturalWidth === 480,
  );
  await screenshot(page, 'resource-preview');
  await page.keyboard.press('Escape');
  await image.waitFor({ state: 'detached' });

  // Rename: the extension must stay; a name with a slash is refused before any call.
  await row('notes.txt').getByRole('button', { name: '重命名' }).click();
  const rename = modal('重命名');
  await rename.locator('input').fill('a/b.txt');
  await rename.getByRole('button', { name: /确\s*定|OK/ }).click();
  await rename.getByText('名称不能为空、不能是 . 或 ..').waitFor();
  await rename.locator('input').fill('会议纪要.txt');
  await rename.getByRole('button', { name: /确\s*定|OK/ }).click();
  await row('会议纪要.txt').waitFor();

  // Move it into the folder.
  await row('会议纪要.txt').getByRole('button', { name: '移动' }).click();
  const move = modal('移动');
  await move.locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '合同' }).click();
  await move.getByRole('button', { name: /确\s*定|OK/ }).click();
  await row('会议纪要.txt').waitFor({ state: 'detached' });
  await row('合同').getByRole('button', { name: '合同' }).click();
  await row('会议纪要.txt').waitFor();
  assert.match(await page.locator('.tessera-file-library .ant-breadcrumb').innerText(), /全部文件\s*\/\s*合同/);
  await screenshot(page, 'resource-folder');

  // Delete (soft) and find it in the recycle bin, then restore it.
  await row('会议纪要.txt').getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await page.getByText('此文件夹为空').waitFor();
  await page.getByRole('button', { name: '回收站' }).click();
  await row('会议纪要.txt').waitFor();
  await screenshot(page, 'resource-recycle-bin');
  await row('会议纪要.txt').getByRole('button', { name: '恢复' }).click();
  await page.getByText('回收站为空').waitFor();
  await page.locator('.tessera-file-library-folders').getByText('合同').click();
  await row('会议纪要.txt').waitFor();

  // A refused file says why in the upload list and is not added.
  await page
    .locator('.tessera-file-library-upload input[type=file]')
    .setInputFiles([
      { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') },
    ]);
  await page.locator('.tessera-file-library-queue-item[data-state=error]', { hasText: '文件类型不正确' }).waitFor();
  assert.equal(await row('page.html').count(), 0);

  // Search reaches every folder.
  await page.getByPlaceholder('按名称搜索全部文件').fill('纪要');
  await page.getByPlaceholder('按名称搜索全部文件').press('Enter');
  await page.locator('.tessera-file-library tbody tr').first().waitFor();
  assert.deepEqual(await names(), ['会议纪要.txt']);

  // Several at once: tick two files at the root, delete them together, restore them together.
  await page.locator('.tessera-file-library-folders').getByText('全部文件').click();
  await row('logo.png').locator('input[type=checkbox]').check();
  await row('报价单.pdf').locator('input[type=checkbox]').check();
  const batch = page.locator('.tessera-file-library-batch');
  await batch.getByText('已选择 2 项').waitFor();
  await batch.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-modal-confirm', { hasText: '删除所选的 2 项？' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await row('logo.png').waitFor({ state: 'detached' });
  assert.deepEqual(await names(), ['合同']);
  await page.getByRole('button', { name: '回收站' }).click();
  await row('报价单.pdf').waitFor();
  await page.locator('.tessera-file-library thead input[type=checkbox]').check();
  await batch.getByRole('button', { name: '恢复' }).click();
  await page.getByText('回收站为空').waitFor();
});
