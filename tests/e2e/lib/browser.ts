/** Debian's chromium driven by playwright-core (never a downloaded browser). */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const screenshotDir = new URL('../../../test-results/screenshots/', import.meta.url).pathname;

export async function openBrowser(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tessera-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // A page load on a loaded CI machine (two cores, a build beside) can pass 30 s.
  context.setDefaultNavigationTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * `fullPage: false` keeps the viewport as it is: a full-page capture resizes it for a moment, which
 * a drag in progress (the designer's drop targets) does not survive.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  // Let antd's open/close animations settle so modals are captured fully drawn.
  await page
    .waitForFunction(() => !document.querySelector('[class*="-enter"], [class*="-appear"], [class*="-leave"]'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.screenshot({ path, fullPage });
  return path;
}
