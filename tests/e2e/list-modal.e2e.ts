/**
 * The detail modal on the customers list, as an operator walks it (building-blocks §2, §4, §8):
 * add (half the window wide, 关闭 / 确定, the validation messages), edit a row (fields prefilled, 正在编辑中 while the save is in flight, 编辑成功, the list shows the
 * new value), copy a row (title 拷贝, values copied without id and audit fields, the unique 客户名称
 * refused as a duplicate, then saved as a new row carrying copyId), detail read-only with 关闭 only,
 * and a double-clicked 确定 that sends one create; illegal characters stripped from 客户名称 as typed
 * (building-blocks §5). Screenshots of the modal in each mode.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDecipheriv } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page, Request } from 'playwright-core';
import { sm2 } from 'sm-crypto-v2';
import { EnvelopeHeaders, IV_BYTES, SM2_CIPHER_MODE } from '../../protocol/envelope/constants';
import { Headers as WireHeaders } from '../../protocol/http';
import { startServer, E2E_CAPTCHA, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const rows = () => page.locator('.tessera-list-table .ant-table-tbody tr.ant-table-row');
const OK = /^确\s?定$/;
/** The record modal (not the confirm dialogs): the one whose title is the mode's. */
const recordModal = (title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
const notice = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const total = async () =>
  Number(/共 (\d+) 条/.exec(await page.locator('.ant-pagination-total-text').first().innerText())?.[1]);
const waitForTotal = (n: number) =>
  page.waitForFunction(
    (expected) =>
      /共 (\d+) 条/.exec(document.querySelector('.ant-pagination-total-text')?.textContent ?? '')?.[1] ===
      String(expected),
    n,
  );
/** Creates (POST {api}) and updates (PUT {api}/{id}) of customers, not list or export calls. */
const isCreate = (r: Request) => r.method() === 'POST' && /\/common\/customer(\?|$)/.test(r.url());
const isUpdate = (r: Request) => r.method() === 'PUT' && /\/common\/customer\/[^/?]+(\?|$)/.test(r.url());
const isRead = (r: Request) => r.method() === 'GET' && /\/common\/customer\/[^/?]+(\?|$)/.test(r.url());

interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Chromium does not report the body of a fetch(Request) to the test (postData is null), so the page
 * keeps a copy of each customer create it sends: wrapped before the app's HTTP client binds fetch.
 */
function recordCreates() {
  const original = window.fetch.bind(window);
  const sent: SentRequest[] = [];
  (window as unknown as { __creates: SentRequest[] }).__creates = sent;
  window.fetch = async (input, init) => {
    if (
      input instanceof Request &&
      input.method === 'POST' &&
      /\/common\/customer$/.test(new URL(input.url).pathname)
    ) {
      const headers: Record<string, string> = {};
      input.headers.forEach((value, name) => (headers[name] = value));
      sent.push({ url: input.url, headers, body: await input.clone().text() });
    }
    return original(input, init);
  };
}
const sentCreates = () => page.evaluate(() => (window as unknown as { __creates: SentRequest[] }).__creates.slice());

/**
 * The JSON body the server opened from a sealed request (the demo app encrypts, docs/envelope.md),
 * using the app's key pair from this run's own fresh database: SM2 unwraps the SM4 content key,
 * SM4-CBC (IV first) holds the JSON.
 */
async function openedBody(request: SentRequest): Promise<Record<string, unknown>> {
  const { headers } = request;
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly: true });
  let privateKey: string;
  try {
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%private_key%'")
      .pluck()
      .get() as string;
    privateKey = db
      .prepare(`SELECT private_key FROM "${table}" WHERE id = ?`)
      .pluck()
      .get(headers[WireHeaders.APP_ID]) as string;
  } finally {
    db.close();
  }
  const key = Buffer.from(
    sm2.doDecrypt(headers[EnvelopeHeaders.KEY], privateKey, SM2_CIPHER_MODE, { output: 'array' }),
  );
  const raw = Buffer.from((JSON.parse(request.body) as { params: string }).params, 'base64');
  const decipher = createDecipheriv('sm4-cbc', key, raw.subarray(0, IV_BYTES));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(IV_BYTES)), decipher.final()]).toString('utf8'));
}

async function searchName(name: string) {
  const input = page.getByRole('search').locator('.ant-formily-item').filter({ hasText: '客户名称' }).locator('input');
  await input.fill(name);
  await input.press('Enter');
}

async function resetSearch() {
  await page.getByRole('button', { name: '重置' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 10);
}

/** The cell of a row under a column title. */
async function cell(row: Locator, title: string): Promise<string> {
  const titles = await page.locator('.tessera-list-table thead th').allInnerTexts();
  const index = titles.indexOf(title);
  assert.ok(index >= 0, `no column ${title}: ${titles.join(',')}`);
  return row.locator('td').nth(index).innerText();
}

async function footerButtons(modal: Locator): Promise<string[]> {
  return (await modal.locator('.ant-modal-footer button').allInnerTexts()).map((s) => s.replace(/\s+/g, ''));
}

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await browser.context.addInitScript(recordCreates);
  await page.goto(`${server.url}/demo`);
  await page.waitForURL(/\/demo\/login$/);
  await page.getByPlaceholder('请输入账号或手机号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Tessera@2026');
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/demo\/index$/);
  const item = page.locator('.ant-menu-item').filter({ hasText: /^\s*客户\s*$/ });
  await page.getByText('首页', { exact: true }).first().waitFor();
  if (!(await item.isVisible())) await page.getByText('客户管理', { exact: true }).click();
  await item.click();
  await page.waitForURL(/\/demo\/common\/[^/]+$/);
  await rows().nth(9).waitFor();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the add modal: title 新增, half the window wide, 关闭 / 确定, a validation error shown', async () => {
  await page.getByRole('button', { name: '新增' }).click();
  const modal = recordModal('新增');
  await modal.getByLabel('客户名称').waitFor();
  // Layout widths, not the box: the modal zooms in, and a transform changes the box meanwhile.
  const [width, windowWidth] = await modal.evaluate((el: HTMLElement) => [
    el.offsetWidth,
    document.documentElement.clientWidth,
  ]);
  assert.ok(Math.abs(width - windowWidth / 2) <= 1, `modal width ${width} of ${windowWidth}`);
  assert.deepEqual(await footerButtons(modal), ['关闭', '确定']);
  await screenshot(page, 'modal-01-add');
  await modal.getByLabel('手机号').fill('123');
  await modal.getByRole('button', { name: OK }).click();
  await modal.getByText('客户名称不能为空').first().waitFor();
  await modal.getByText('请输入11位手机号').first().waitFor();
  await screenshot(page, 'modal-02-add-invalid');
  await modal.getByRole('button', { name: '关闭' }).click();
  await modal.waitFor({ state: 'hidden' });
});

test('客户名称 strips illegal characters as typed with 请勿输入非法字符！, the caret kept, an IME left alone', async () => {
  await page.getByRole('button', { name: '新增' }).click();
  const modal = recordModal('新增');
  const name = modal.getByLabel('客户名称');
  await name.waitFor();
  const warning = notice('请勿输入非法字符！');
  const caret = () => name.evaluate((el: HTMLInputElement) => el.selectionStart);

  // Pinyin composes with ' between syllables: left alone until the IME commits, then stripped.
  await name.focus();
  const ime = await page.context().newCDPSession(page);
  try {
    await ime.send('Input.imeSetComposition', { text: "ke'hu", selectionStart: 5, selectionEnd: 5 });
    assert.equal(await name.inputValue(), "ke'hu");
    assert.equal(await warning.count(), 0, 'no warning mid-composition');
    assert.equal(await modal.getByText('请勿输入非法字符！').count(), 0, 'no field error mid-composition');
    await ime.send('Input.insertText', { text: '客户！' });
  } finally {
    await ime.detach();
  }
  assert.equal(await name.inputValue(), '客户');
  await warning.waitFor();

  // Key by key, "<" and ">" go as typed and the letters between stay; one warning, replaced.
  await name.pressSequentially('<script>名');
  assert.equal(await name.inputValue(), '客户script名');
  assert.equal(await warning.count(), 1);
  // Typed mid-text, the caret stays where the user is typing.
  await name.press('Home');
  await name.press('ArrowRight');
  await name.press('ArrowRight');
  await name.pressSequentially('@');
  assert.equal(await caret(), 2);
  await name.pressSequentially('甲');
  assert.equal(await name.inputValue(), '客户甲script名');
  // Pasted whole, the tag goes as one token: stripIllegalCharacters('客户<script>名').
  await name.fill('客户<script>名');
  assert.equal(await name.inputValue(), '客户名');
  assert.equal(await warning.count(), 1);
  assert.equal(await modal.getByText('请勿输入非法字符！').count(), 0, 'the field itself stays valid');
  await screenshot(page, 'modal-08-add-illegal-stripped');
  await modal.getByRole('button', { name: '关闭' }).click();
  await modal.waitFor({ state: 'hidden' });
});

test('edit: prefilled, 正在编辑中 while the save is in flight, 编辑成功, the list shows the new value', async () => {
  const row = rows().nth(2);
  const name = await cell(row, '客户名称');
  const mobile = await cell(row, '手机号');
  const newMobile = mobile === '13811112222' ? '13811113333' : '13811112222';
  await row.getByRole('button', { name: '编辑' }).click();
  const modal = recordModal('编辑');
  await modal.getByLabel('客户名称').waitFor();
  assert.equal(await modal.getByLabel('客户名称').inputValue(), name);
  assert.equal(await modal.getByLabel('手机号').inputValue(), mobile);
  assert.deepEqual(await footerButtons(modal), ['关闭', '确定']);
  await screenshot(page, 'modal-03-edit');

  // Hold the update until the second 确定 has been answered, so "in flight" is certain.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const updates: Request[] = [];
  const onRequest = (r: Request) => void (isUpdate(r) && updates.push(r));
  page.on('request', onRequest);
  await page.route(/\/common\/customer\/[^/?]+$/, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  try {
    await modal.getByLabel('手机号').fill(newMobile);
    const sent = page.waitForRequest(isUpdate);
    await modal.getByRole('button', { name: OK }).click();
    await sent;
    // The first save is held: a second 确定 is refused with the in-flight warning.
    await modal.getByRole('button', { name: OK }).click();
    await notice('正在编辑中').waitFor();
    await screenshot(page, 'modal-04-edit-in-flight');
    release();
    await notice('编辑成功').waitFor();
    await modal.waitFor({ state: 'hidden' });
  } finally {
    release();
    await page.unroute(/\/common\/customer\/[^/?]+$/);
    page.off('request', onRequest);
  }
  assert.equal(updates.length, 1, 'one update sent');
  await page.waitForFunction(
    ([n, m]) =>
      [...document.querySelectorAll('.tessera-list-table tr.ant-table-row')].some(
        (tr) => tr.textContent?.includes(n) && tr.textContent.includes(m),
      ),
    [name, newMobile],
  );
});

test('copy: title 拷贝, values without id and audit fields, a duplicate 客户名称 refused, then a new row with copyId', async () => {
  const before = await total();
  const row = rows().first();
  const name = await cell(row, '客户名称');
  const mobile = await cell(row, '手机号');
  const read = page.waitForRequest(isRead);
  await row.getByRole('button', { name: '拷贝' }).click();
  const sourceId = /\/common\/customer\/([^/?]+)/.exec((await read).url())?.[1];
  assert.ok(sourceId, 'the copy reads the source record');
  const modal = recordModal('拷贝');
  await modal.getByLabel('客户名称').waitFor();
  assert.equal(await modal.getByLabel('客户名称').inputValue(), name);
  assert.equal(await modal.getByLabel('手机号').inputValue(), mobile);
  assert.deepEqual(await footerButtons(modal), ['关闭', '确定']);
  await screenshot(page, 'modal-05-copy');

  const creates: Request[] = [];
  const onRequest = (r: Request) => void (isCreate(r) && creates.push(r));
  page.on('request', onRequest);
  try {
    // 客户名称 is unique: the copy as it stands is refused with the field's duplicate message.
    await modal.getByRole('button', { name: OK }).click();
    await notice('客户名称已存在，请更换数据').waitFor();
    await screenshot(page, 'modal-06-copy-duplicate');
    assert.ok(await modal.isVisible(), 'the modal stays open after a refused save');
    assert.equal(await total(), before);

    const copyName = `${name}（拷贝）`;
    await modal.getByLabel('客户名称').fill(copyName);
    await modal.getByRole('button', { name: OK }).click();
    await notice('新增成功').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await waitForTotal(before + 1);

    assert.equal(creates.length, 2, 'the refused save and the good one');
    const sent = await sentCreates();
    assert.equal(sent.length, 2);
    const body = await openedBody(sent[1]);
    assert.equal(String(body.copyId), sourceId, 'copyId names the source record');
    for (const dropped of ['id', 'create_by', 'create_at', 'update_by', 'update_at'])
      assert.ok(!(dropped in body), `${dropped} is dropped on copy`);
    assert.equal(body.name, copyName);
    assert.equal(body.mobile, mobile);

    await searchName(copyName);
    await page.waitForFunction(() => document.querySelectorAll('.tessera-list-table tr.ant-table-row').length === 1);
    assert.equal(await cell(rows().first(), '手机号'), mobile);
    await resetSearch();
  } finally {
    page.off('request', onRequest);
  }
});

test('detail: title 详情, read-only, 关闭 only', async () => {
  const row = rows().nth(1);
  const name = await cell(row, '客户名称');
  await row.getByRole('button', { name: '详情' }).click();
  const modal = recordModal('详情');
  await modal.getByText(name).first().waitFor();
  assert.equal(await modal.locator('.ant-formily-item').filter({ hasText: '客户等级' }).count(), 1);
  assert.equal(
    await modal
      .locator('input:not([type=hidden]):not([disabled]), textarea:not([disabled]), [contenteditable=true]')
      .count(),
    0,
    'nothing editable in detail mode',
  );
  assert.deepEqual(await footerButtons(modal), ['关闭']);
  await screenshot(page, 'modal-07-detail');
  await modal.getByRole('button', { name: '关闭' }).click();
  await modal.waitFor({ state: 'hidden' });
});

test('a double-clicked 确定 sends exactly one create', async () => {
  const before = await total();
  const creates: Request[] = [];
  const onRequest = (r: Request) => void (isCreate(r) && creates.push(r));
  page.on('request', onRequest);
  try {
    await page.getByRole('button', { name: '新增' }).click();
    const modal = recordModal('新增');
    await modal.getByLabel('客户名称').fill(`双击客户${Date.now() % 100000}`);
    await modal.getByLabel('手机号').fill('13912345678');
    await modal.getByRole('combobox', { name: '客户等级' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await modal.getByRole('button', { name: OK }).dblclick();
    await notice('新增成功').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await waitForTotal(before + 1);
    // Give a second request, were one sent, the time to show.
    await page.waitForTimeout(500);
    assert.equal(creates.length, 1, 'one create for a double click');
    assert.equal(await total(), before + 1);
  } finally {
    page.off('request', onRequest);
  }
});
