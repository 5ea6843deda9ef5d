/**
 * The setup the suites of admin-managed outbound configs share (AI models, api sources): a test app
 * that may reach loopback fakes (OUTBOUND_ALLOW_LIST), seals secrets with a known key and logs
 * every line into `logs` (so a suite can prove no secret is ever logged); and the three seats those
 * suites check access with: the demo admin, a plain operator, and the admin of a second app
 * (envelope off, so plain requests reach it) to prove each app sees only its own rows.
 */
import { startTestApp, type TestApp } from './app';
import type { TestDatabase } from './databases';

export async function startOutboundTestApp(
  database: TestDatabase,
  secretKey: string,
  logs: string[],
): Promise<TestApp> {
  return startTestApp(database, {
    env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: secretKey, LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void logs.push(line) },
  });
}

export interface AdminSeats {
  admin: string;
  operator: string;
  otherAdmin: string;
}

/** Session tokens of the demo admin, a new 'operator' user and the admin of a new app 'other'. */
export async function signInAdminSeats(t: TestApp): Promise<AdminSeats> {
  const admin = await t.signIn();
  await t.addUser('operator', 'Operator#1', 'user');
  const operator = await t.signIn('operator', 'Operator#1');
  const otherId = await t.seedApp('other');
  await t.db.db.updateTable(t.tables.app).set({ encrypt: 0 }).where('id', '=', otherId).execute();
  const otherAdmin = await t.signIn('admin', 'Tessera@2026', 'other');
  return { admin, operator, otherAdmin };
}
