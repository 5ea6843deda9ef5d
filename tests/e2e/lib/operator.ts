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
  await page.getByRole('button', { name: '登录' }).click();
}

/** The record modal (not a confirm dialog): the one whose title is the mode's. */
export const recordModal = (page: Page, title: string): Locator =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });

export const notice = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').filter({ hasText: text });

export const tableRows = (page: Page) => page.locator('.tessera-list-table .ant-table-tbody tr.ant-table-row');

/** Picks an option of an antd select by its label (the dropdown that is open). */
export async function pick(page: Page, field: Locator, label: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
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
