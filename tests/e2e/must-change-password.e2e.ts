/**
 * Issue 22, item 4: an admin adds a user with an initial password (or lets one be generated, shown
 * once with a copy button); the user signs in, lands on the change-password page and cannot leave
 * it (another address, a reload) until the password is changed; then the home page opens and the
 * new password is the one that signs in.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './lib/server';
import { openBrowser, screenshot } from './lib/browser';
import { OK, notice, pick, recordModal, signIn, tableRows } from './lib/operator';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const NEWBIE = { account: 'newbie', password: 'Start1234' };

before(async () => {
  server = await startServer();
  browser = await openBrowser();
  page = browser.page;
  await signIn(page, server.url);
  await page.waitForURL(/\/demo\/index$/);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function addUser(account: string, name: string, password?: string) {
  await page.goto(`${server.url}/demo/user`);
  await tableRows(page).first().waitFor();
  await page.getByRole('button', { name: '新增' }).click();
  const add = recordModal(page, '新增');
  await add.getByLabel('账号').fill(account);
  await add.getByLabel('姓名').fill(name);
  if (password) await add.getByLabel('初始密码').fill(password);
  await pick(page, add.getByRole('combobox', { name: '角色' }), '普通用户');
  // Server-owned fields are not offered on add; the switch is, on by default.
  assert.equal(await add.getByLabel('创建时间').count(), 0);
  assert.equal(await add.getByRole('switch').getAttribute('aria-checked'), 'true');
  await screenshot(page, 'issue22-04-user-add');
  await add.getByRole('button', { name: OK }).click();
  await notice(page, '新增成功').waitFor();
}

test('a generated password is shown once with a copy button', async () => {
  await addUser('gen1', '自动生成');
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '初始密码（仅显示这一次）' });
  const secret = dialog.getByTestId('shown-secret');
  await secret.waitFor();
  assert.match((await secret.innerText()).trim(), /^[A-Za-z\d]{12}$/);
  assert.equal(await secret.locator('.ant-typography-copy').count(), 1);
  await screenshot(page, 'issue22-05-generated-password');
  await dialog.getByRole('button', { name: OK }).click();
  await dialog.waitFor({ state: 'detached' });
});

test('a user given a password must change it before anything else, then reaches home', async () => {
  await addUser(NEWBIE.account, '新同事', NEWBIE.password);
  const fresh = await openBrowser();
  try {
    const user = fresh.page;
    await signIn(user, server.url, NEWBIE);
    await user.waitForURL(/\/demo\/change-password$/);
    await user.getByText('请修改初始密码').waitFor();
    await screenshot(user, 'issue22-06-forced-change-password');

    // Neither another address nor a reload leaves the page.
    await user.goto(`${server.url}/demo/index`);
    await user.waitForURL(/\/demo\/change-password$/);
    await user.reload();
    await user.getByText('请修改初始密码').waitFor();
    assert.match(user.url(), /\/demo\/change-password$/);

    await user.getByPlaceholder('原密码').fill('Wrong1234');
    await user.getByPlaceholder('请输入新密码').fill('Mine56789');
    await user.getByPlaceholder('请再次输入新密码').fill('Mine56789');
    await user.getByRole('button', { name: '修改密码并进入' }).click();
    await notice(user, '原密码错误').waitFor();
    assert.match(user.url(), /\/demo\/change-password$/);

    await user.getByPlaceholder('原密码').fill(NEWBIE.password);
    await user.getByRole('button', { name: '修改密码并进入' }).click();
    await user.waitForURL(/\/demo\/index$/);
    await user.getByText('首页', { exact: true }).first().waitFor();
    await screenshot(user, 'issue22-07-home-after-change');
    // The page is not offered any more once the password changed.
    await user.goto(`${server.url}/demo/change-password`);
    await user.waitForURL(/\/demo\/index$/);
  } finally {
    await fresh.close();
  }

  const again = await openBrowser();
  try {
    await signIn(again.page, server.url, { account: NEWBIE.account, password: 'Mine56789' });
    await again.page.waitForURL(/\/demo\/index$/);
  } finally {
    await again.close();
  }
});
