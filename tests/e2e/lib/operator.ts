/** Steps shared by the issue-22 walks (an operator and an admin in the demo app). */
import type { Locator, Page } from 'playwright-core';
import { E2E_CAPTCHA } from './server';

export const OK = /^确\s?定$/;
export const ADMIN = { account: 'admin', password: 'Tessera@2026' };

/** Signs in on /{app}/login and waits for the home page. */
export async function signIn(page: Page, base: string, account = ADMIN, app = 'demo') {
  await page.goto(`${base}/${app}/login`);
  await page.getByPlaceholder('请输入账号或手机号').fill(account.account);
  await page.getByPlaceholder('请输入密码').fill(account.password);
  await page.getByPlaceholder('请输入图形验证码').fill(E2E_CAPTCHA);
  // The form ignores a submit until its picture code has arrived (its key goes with the code): a
  // click before that was swallowed and the page stayed on login (seen with two browsers at once).
  await page.getByTestId('pic-code').locator('img').waitFor();
  await page.getByRole('button', { name: '登录' }).click();
}

/** The record modal (not a confirm dialog): the one whose title is the mode's. */
export const recordModal = (page: Page, title: string): Locator =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });

export const notice = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').filter({ hasText: text });

export const tableRows = (page: Page) => page.locator('.tessera-list-table .ant-table-tbody tr.ant-table-row');

/**
 * Picks an option of an antd select by its label, in that select's own dropdown (the one its input's
 * aria-controls names): the dropdown of a select picked just before may still be fading out with the
 * same label in it (two dictionary selects of one form), and a click there is lost. A single select
 * closes once an option is taken; if its dropdown is still open the click did not reach the option
 * (it landed as the list re-rendered), so it clicks again, as a user would.
 */
export async function pick(page: Page, field: Locator, label: string) {
  await field.click();
  // The field may be the select, its selector or its combobox input itself.
  const list = await field
    .locator('xpath=descendant-or-self::input[@aria-controls]')
    .first()
    .getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  const option = dropdown.locator('.ant-select-item-option').filter({ hasText: label }).first();
  const select = page.locator('.ant-select').filter({ has: page.locator(`input[aria-controls="${list}"]`) });
  const multiple = await select.first().evaluate((el) => el.classList.contains('ant-select-multiple'));
  await option.click();
  if (multiple) return;
  try {
    await dropdown.waitFor({ state: 'hidden', timeout: 5_000 });
  } catch {
    await option.click();
    await dropdown.waitFor({ state: 'hidden' });
  }
}

/** From the signed-in home page, the customers list through its menu (opening 客户管理 if folded). */
export async function openCustomers(page: Page) {
  const item = page.locator('.ant-menu-item').filter({ hasText: /^\s*客户\s*$/ });
  await page.getByText('首页', { exact: true }).first().waitFor();
  if (!(await item.isVisible())) await page.getByText('客户管理', { exact: true }).click();
  await item.click();
  await page.waitForURL(/\/demo\/common\/[^/?]+$/);
  await tableRows(page).first().waitFor();
}

/** A form item inside `scope` (a modal, a drawer) by its label's exact text. */
export const formItem = (page: Page, scope: Locator, title: string): Locator =>
  scope.locator('.ant-formily-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${title}$`) }) });

/** Picks `option` in the select of the form item titled `title` inside `scope`. */
export async function choose(page: Page, scope: Locator, title: string, option: string): Promise<void> {
  await pick(page, formItem(page, scope, title).locator('.ant-select-selector'), option);
}

/** From the signed-in home page, a page through its menu entry under `group` (opening the group if folded). */
export async function openMenuPage(page: Page, group: string, entryTitle: string, path: string): Promise<void> {
  await page.waitForURL(/\/demo\/index$/, { timeout: 60_000 });
  const folder = page.locator('.ant-menu').getByText(group, { exact: true });
  const entry = page.locator('.ant-menu').getByText(entryTitle, { exact: true });
  await folder.waitFor();
  if (!(await entry.isVisible())) await folder.click();
  await entry.click();
  await page.waitForURL(new RegExp(`/demo/${path}$`));
  await page.locator('.tessera-list-table').first().waitFor();
}

/** A 系统管理 page through its menu entry. */
export const openSystemPage = (page: Page, entryTitle: string, path: string) =>
  openMenuPage(page, '系统管理', entryTitle, path);
