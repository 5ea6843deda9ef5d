/**
 * What the kill -9 fault tests share: watching the database until a server's work is running in it
 * (uncommitted), signing in to a spawned server without the envelope, and sending one request,
 * waiting until the watcher sees its work, then killing the server under it.
 */
import { statSync } from 'node:fs';
import pg from 'pg';
import { createConnection } from 'mysql2/promise';
import { expect } from 'vitest';
import { ResultCode } from '../../../protocol/codes';
import type { TestDatabase } from '../../helpers/databases';
import { SHELL_CAPTCHA, type ShellServer } from '../../helpers/shell-server';

export interface ActivityWatcher {
  /** True once the work shows in the database. */
  running: () => Promise<boolean>;
  close: () => Promise<void>;
}

/**
 * Where each database shows work in progress: PostgreSQL's pg_stat_activity and MariaDB's
 * processlist by the statement's text (ILIKE / LIKE patterns), SQLite by its write-ahead log
 * growing past `walBytes` (its pages spill there before the commit).
 */
export interface ActivitySigns {
  postgres: string;
  mysql: string[];
  walBytes: number;
}

export function activityWatcher(database: TestDatabase, signs: ActivitySigns): ActivityWatcher {
  if (database.name === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    const ready = client.connect();
    return {
      running: async () => {
        await ready;
        const { rows } = await client.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state <> 'idle' and query ilike $1`,
          [signs.postgres],
        );
        return rows[0].n > 0;
      },
      close: () => client.end(),
    };
  }
  if (database.name === 'mysql') {
    const connection = createConnection({ uri: database.url });
    const where = signs.mysql.map(() => 'info like ?').join(' or ');
    return {
      running: async () => {
        const [rows] = await (
          await connection
        ).query(`select count(*) as n from information_schema.processlist where db = database() and (${where})`, [
          ...signs.mysql,
        ]);
        return Number((rows as { n: number }[])[0]!.n) > 0;
      },
      close: async () => (await connection).end(),
    };
  }
  const wal = `${database.url.slice('sqlite:'.length)}-wal`;
  const size = () => {
    try {
      return statSync(wal).size;
    } catch {
      return 0;
    }
  };
  const start = size();
  return { running: async () => size() > start + signs.walBytes, close: async () => {} };
}

/** The demo admin's token on a spawned server, signed in without the envelope. */
export async function signInDemoAdmin(origin: string): Promise<string> {
  const code = await (await fetch(`${origin}/api/auth/getPicCode?identify=demo`)).json();
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      identify: 'demo',
      account: 'admin',
      password: 'Tessera@2026',
      codeKey: code.data.codeKey,
      code: SHELL_CAPTCHA,
    }),
  });
  const answer = await login.json();
  expect(answer.code, answer.message).toBe(ResultCode.SUCCESS);
  return answer.data.token;
}

/**
 * Sends `request`, polls the watcher (every 5 ms, at most a minute) until its work runs in the
 * database, then SIGKILLs the server. Fails, naming `what` and the answer, when the request
 * finished before its work was seen. Resolves after the kill with the client's view: status 0
 * when the connection dropped (no answer).
 */
export async function killWhileRunning(
  server: ShellServer,
  watcher: ActivityWatcher,
  request: () => Promise<Response>,
  what: string,
): Promise<{ status: number }> {
  let settled = '';
  const reply = request().then(
    async (response) => {
      settled = `${response.status} ${await response.text()}`;
      return { status: response.status };
    },
    () => ({ status: 0 }),
  );
  let caught = false;
  try {
    for (let i = 0; i < 12_000 && !caught && !settled; i++) {
      caught = await watcher.running();
      if (!caught) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await watcher.close();
  }
  expect(caught, `${what} never seen running (answer: ${settled.slice(0, 300)})`).toBe(true);
  await server.kill();
  return reply;
}
