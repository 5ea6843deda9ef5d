/**
 * What e2e files that reach past the browser share: the demo app's database and keys on the e2e
 * server, accounts the demo template does not seed (added to that database directly), and the
 * app's own API client (envelope, headers) called with the token a signed-in page holds — so a
 * test can prove the server, not only the client, allows or refuses a call.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ClientEnvelope } from '../../../protocol/envelope/client';
import type { RequestOptions } from '../../../protocol/http';
import { createApiClient } from '../../../src/api/create-client';
import { hashPassword } from '../../../server/auth/passwords';
import { createDb, type Db } from '../../../server/db/create-db';
import { newId } from '../../../server/db/ids';
import { insertAudit, tableNames } from '../../../server/db/tables';
import type { RunningServer } from './server';

const t = tableNames('tessera_sys_');

export interface DemoApp {
  /** The server's base URL. */
  url: string;
  /** The e2e server's own SQLite database; destroy it in `after`. */
  db: Db;
  appId: string;
  publicKey: string;
}

export async function openDemoApp(server: RunningServer): Promise<DemoApp> {
  const db = createDb(`sqlite:${server.dataDir}/tessera.db`);
  const info = (await (await fetch(`${server.url}/api/app/demo`)).json()) as {
    data: { id: string; public_key: string };
  };
  return { url: server.url, db, appId: info.data.id, publicKey: info.data.public_key };
}

/** A role of the demo app over the menus of these titles, and one account holding it; the user's id. */
export async function addRoleAccount(
  app: DemoApp,
  identify: string,
  menuTitles: string[],
  account: { account: string; password: string },
): Promise<string> {
  const menus = await app.db.db
    .selectFrom(t.menu)
    .select(['id', 'title'])
    .where('app_id', '=', app.appId)
    .where('title', 'in', menuTitles)
    .execute();
  assert.equal(menus.length, menuTitles.length, `menus ${menuTitles.join(', ')} are seeded`);
  const now = Date.now();
  const roleId = newId();
  await app.db.db
    .insertInto(t.role)
    .values({
      id: roleId,
      app_id: app.appId,
      ...insertAudit(null, now),
      name: `E2E ${identify}`,
      identify,
      level: 3,
      menu_ids: menus.map((m) => m.id).join(','),
    })
    .execute();
  const userId = newId();
  await app.db.db
    .insertInto(t.user)
    .values({
      id: userId,
      app_id: app.appId,
      ...insertAudit(null, now),
      account: account.account,
      name: account.account,
      mobile: null,
      password_hash: await hashPassword(account.password),
      role_ids: roleId,
      status: 1,
    })
    .execute();
  return userId;
}

/** The app's own API client in this process, with `token`. */
export function apiAs(app: DemoApp, token: string) {
  return createApiClient({
    prefixUrl: `${app.url}/api/`,
    token: () => token,
    saveToken: () => undefined,
    appId: () => app.appId,
    lang: () => 'zh',
    envelope: () => new ClientEnvelope(app.publicKey),
    onLogout: () => undefined,
    notJsonMessage: () => 'not JSON',
  }).request;
}

/** The token the signed-in page keeps (per-app local storage, src/session/storage.ts). */
export function pageToken(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('tessera_demo_token') ?? '{}') as { value?: string }).value,
  );
}

/** A call through the app's API client as the signed-in page. */
export async function callAsPage<T = any>(page: Page, app: DemoApp, options: RequestOptions) {
  const token = await pageToken(page);
  assert.ok(token, 'the page is signed in');
  return apiAs(app, token)<T>(options);
}
