/**
 * The form designer's parts as the designer e2e files find them (designer.e2e, designer-module,
 * designer-new-module, designer-describe), over a page the file opens later: `designerUi(() => page)`.
 */
import type { Locator, Page } from 'playwright-core';
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

/**
 * Drags one canvas node onto another with the mouse in small steps (dnd-kit starts after 5 px and
 * follows pointer moves), dropping near the target's top or bottom edge (before or after it).
 */
export async function dragNode(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom' = 'bottom') {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  const y = where === 'top' ? b.y + 4 : b.y + b.height - 4;
  await page.mouse.move(b.x + Math.min(40, b.width / 4), y, { steps: 12 });
  await page.mouse.move(b.x + Math.min(42, b.width / 4), y, { steps: 2 });
  await page.mouse.up();
}
