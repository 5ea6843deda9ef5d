/** An app on a test database with its demo admin and a plain user ("viewer") signed in, as the data-scope suites need. */
import { startTestApp, type TestApp } from './app';
import type { TestDatabase } from './databases';

export const VIEWER_PASSWORD = 'Secret#2026';

export async function startAppWithViewer(
  database: TestDatabase,
  options?: Parameters<typeof startTestApp>[1],
): Promise<{ t: TestApp; admin: string; viewer: string }> {
  const t = await startTestApp(database, options);
  const admin = await t.signIn();
  await t.addUser('viewer', VIEWER_PASSWORD, 'user');
  const viewer = await t.signIn('viewer', VIEWER_PASSWORD);
  return { t, admin, viewer };
}
