/**
 * The start many e2e files share: a fresh server, a browser, the demo admin signed in on the home
 * page; and a read of this run's own SQLite database, to check what a page stored (read-only, opened
 * per call, so it never holds a lock the server needs).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { openBrowser } from './browser';
import { signIn } from './operator';
import { startServer, type RunningServer } from './server';

export interface AdminSession {
  server: RunningServer;
  browser: Awaited<ReturnType<typeof openBrowser>>;
  page: Page;
}

/** Server and browser up, the admin on /demo/index. Close with `closeAdminSession`. */
export async function startAdminSession(): Promise<AdminSession> {
  const server = await startServer();
  let browser: AdminSession['browser'] | undefined;
  try {
    browser = await openBrowser();
    await signIn(browser.page, server.url);
    await browser.page.waitForURL(/\/demo\/index$/);
    return { server, browser, page: browser.page };
  } catch (error) {
    // The file's `after` gets no session to close: close what was opened here.
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** Closes what `startAdminSession` opened, as far as it got. */
export async function closeAdminSession(session: AdminSession | undefined): Promise<void> {
  await session?.browser?.close();
  await session?.server?.stop();
}

/** The first row `sql` selects from the server's database, or undefined. */
export function storedRow(
  server: RunningServer,
  sql: string,
  ...params: unknown[]
): Record<string, unknown> | undefined {
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly: true });
  try {
    return db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}
