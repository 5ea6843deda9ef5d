/**
 * The form designer's parts as the designer e2e files find them (designer.e2e, designer-module,
 * designer-new-module, designer-describe), over a page the file opens later: `designerUi(() => page)`.
 */
import type { Page } from 'playwright-core';
import { notice } from './operator';

export function designerUi(page: () => Page) {
  return {
    /** A palette entry by its title (the entry's text is its icon, then the title). */
    entry: (title: string) =>
      page()
        .locator('.tessera-designer-entry')
        .filter({ hasText: new RegExp(`^.${title}$`) }),
    /** Canvas nodes of a type. */
    node: (type: string) => page().locator(`.tessera-designer-node[data-node-type="${type}"]`),
    /** A canvas node by its label ("title · key"). */
    labelled: (label: string) => page().locator(`.tessera-designer-node[aria-label="${label}"]`),
    right: () => page().locator('.tessera-designer-right'),
    settingsTab: (name: string) => page().locator('.tessera-designer-right').getByRole('tab', { name, exact: true }),
    /** A settings form item by its exact label. */
    setting: (title: string) =>
      page()
        .locator('.tessera-designer-settings-form .ant-formily-item')
        .filter({
          has: page().locator('label', { hasText: new RegExp(`^${title}$`) }),
        }),
    /** A row of the module admin list by its table name. */
    moduleRow: (table: string) => page().locator('.tessera-list tbody tr').filter({ hasText: table }),
  };
}

/** 保存 → the table-sync plan (waiting for `step` in it when given) → 确认保存 → "saved as version N". */
export async function saveThroughPlan(page: Page, version: number, step?: RegExp): Promise<void> {
  await page.getByRole('button', { name: '保存' }).click();
  const plan = page.locator('.ant-modal-content').filter({ hasText: '保存前确认数据表变更' });
  await plan.waitFor({ timeout: 30_000 });
  if (step) await plan.getByText(step).first().waitFor();
  await plan.getByRole('button', { name: '确认保存' }).click();
  await notice(page, `已保存为版本 ${version}`).waitFor({ timeout: 30_000 });
}
