/**
 * Run an API suite once per database named in TEST_DATABASES (comma list of sqlite, postgres,
 * mysql; default sqlite), each on a fresh throwaway database: a temp SQLite file, or a
 * `tessera_t_<random>` database created on the PostgreSQL / MariaDB server and dropped after.
 * A named database that cannot be reached fails the suite with a clear message; it never skips.
 *
 * Servers: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) and
 * TEST_MYSQL_URL (default mysql://root@127.0.0.1:3306/test), each naming an existing database to
 * connect to for CREATE/DROP DATABASE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';

export type DatabaseName = 'sqlite' | 'postgres' | 'mysql';
export const DATABASE_NAMES: readonly DatabaseName[] = ['sqlite', 'postgres', 'mysql'];

export interface TestDatabase {
  name: DatabaseName;
  url: string;
  drop(): Promise<void>;
}

export function testDatabases(value = process.env.TEST_DATABASES): DatabaseName[] {
  const names = (value ?? 'sqlite')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (!(DATABASE_NAMES as readonly string[]).includes(name)) {
      throw new Error(`TEST_DATABASES: unknown database "${name}" (use ${DATABASE_NAMES.join(', ')})`);
    }
  }
  return names.length ? ([...new Set(names)] as DatabaseName[]) : ['sqlite'];
}

const serverUrl = (name: 'postgres' | 'mysql') =>
  name === 'postgres'
    ? (process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    : (process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function unreachable(name: string, url: string, error: unknown): Error {
  const safe = url.replace(/\/\/([^:@/]*):[^@]*@/, '//$1:***@');
  return new Error(
    `TEST_DATABASES includes ${name}, but ${safe} cannot be reached (${error instanceof Error ? error.message : String(error)}). ` +
      `Start it, point TEST_${name.toUpperCase()}_URL at a server, or leave ${name} out of TEST_DATABASES.`,
  );
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function onMysql(url: string, statement: string): Promise<void> {
  const connection = await createConnection({ uri: url, connectTimeout: 5000 });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

/** A fresh, empty database of this kind. */
export async function createTestDatabase(name: DatabaseName): Promise<TestDatabase> {
  if (name === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
    return {
      name,
      url: `sqlite:${join(dir, 'test.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = serverUrl(name);
  const database = `tessera_t_${randomBytes(6).toString('hex')}`;
  const run = name === 'postgres' ? onPostgres : onMysql;
  try {
    await run(
      server,
      name === 'postgres' ? `create database ${database}` : `create database ${database} character set utf8mb4`,
    );
  } catch (error) {
    throw unreachable(name, server, error);
  }
  return {
    name,
    url: withDatabase(server, database),
    drop: () =>
      run(
        server,
        name === 'postgres'
          ? `drop database if exists ${database} with (force)`
          : `drop database if exists ${database}`,
      ),
  };
}

/** Declares the suite once per test database: `fn` gets the name and a factory of fresh databases. */
export function forEachDatabase(fn: (name: DatabaseName, makeDatabase: () => Promise<TestDatabase>) => void): void {
  for (const name of testDatabases()) {
    describe(`[${name}]`, () => fn(name, () => createTestDatabase(name)));
  }
}
