/**
 * Server configuration from environment variables. Everything is validated up front so that a bad
 * value stops the server with a message naming the variable, instead of failing later and
 * obscurely. Messages never echo a password taken from a database URL.
 */
import { isIP } from 'node:net';
import { DEFAULT_TABLE_PREFIX } from '../protocol/constants';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  tablePrefix: string;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /**
   * TESSERA_TEST_CAPTCHA: end-to-end tests cannot read a picture, so under NODE_ENV=test every
   * picture code is this text (docs/decisions.md). Refused under any other NODE_ENV.
   */
  testCaptcha?: string;
  /** IMPORT_MAX_ROWS: data rows one spreadsheet import may hold (default 200, building-blocks §6). */
  importMaxRows?: number;
  /** SQL_TIMEOUT_MS: time limit of one SQL mode statement (POST common/executeSql), default 5000. */
  sqlTimeoutMs?: number;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives request.ip (the IP allow list,
   * sign-in limits): their addresses / CIDR ranges, comma-separated. Unset: the socket's peer is
   * the client (docs/decisions.md "IP allow list").
   */
  trustProxy?: string;
  /**
   * REDIS_URL: redis://[user:password@]host[:port][/db] (or rediss://). Set: the event bus runs over
   * Redis pub/sub so several instances see each other's events (docs/schemas.md "Bus and SSE").
   * Unset: the bus is in-process (one instance).
   */
  redisUrl?: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const DB_SCHEMES = ['sqlite', 'postgres', 'postgresql', 'mysql', 'mariadb'];
export const TABLE_PREFIX_PATTERN = /^[a-z][a-z0-9_]{0,20}$/;

/** Replaces the password of a URL so the value can be shown in an error or a log line. */
export function redactUrl(url: string): string {
  const start = url.indexOf('://');
  if (start < 0) return url;
  const slash = url.indexOf('/', start + 3);
  const authorityEnd = slash < 0 ? url.length : slash;
  // The last @ of the authority ends the credentials, even if a raw @ sits inside the password.
  const at = url.lastIndexOf('@', authorityEnd - 1);
  if (at < start) return url;
  const colon = url.indexOf(':', start + 3);
  if (colon < 0 || colon > at) return url;
  return `${url.slice(0, colon + 1)}***${url.slice(at)}`;
}

function fail(variable: string, value: string, expected: string): never {
  throw new ConfigError(variable, `Invalid ${variable}="${value}": expected ${expected}.`);
}

function pick<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) fail(name, raw, `one of ${allowed.join(', ')}`);
  return raw as T;
}

function checkDatabaseUrl(url: string): string {
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !DB_SCHEMES.includes(scheme)) {
    fail('DATABASE_URL', redactUrl(url), 'sqlite:<file> | sqlite::memory: | postgres://… | mysql://… | mariadb://…');
  }
  if (scheme === 'sqlite') {
    if (url.length <= 'sqlite:'.length) fail('DATABASE_URL', url, 'a file path after sqlite: (or sqlite::memory:)');
    return url;
  }
  try {
    const parsed = new URL(url);
    if (!parsed.hostname || parsed.pathname.length < 2) throw new Error('incomplete');
  } catch {
    fail('DATABASE_URL', redactUrl(url), `${scheme}://user[:password]@host[:port]/database`);
  }
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portRaw = env.PORT?.trim() || '3000';
  if (!/^\d{1,5}$/.test(portRaw) || Number(portRaw) > 65535) fail('PORT', portRaw, 'an integer from 0 to 65535');

  const host = env.HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) fail('HOST', host, 'a host name or IP address such as 127.0.0.1 or 0.0.0.0');

  const dataDir = env.DATA_DIR?.trim() || './data';
  const databaseUrl = checkDatabaseUrl(env.DATABASE_URL?.trim() || `sqlite:${dataDir.replace(/\/+$/, '')}/tessera.db`);

  const tablePrefix = env.TABLE_PREFIX?.trim() || DEFAULT_TABLE_PREFIX;
  if (!TABLE_PREFIX_PATTERN.test(tablePrefix)) {
    fail(
      'TABLE_PREFIX',
      tablePrefix,
      'lower-case letters, digits and _, starting with a letter, at most 21 characters',
    );
  }

  const nodeEnv = pick(env, 'NODE_ENV', NODE_ENVS, 'development');
  const testCaptcha = env.TESSERA_TEST_CAPTCHA?.trim() || undefined;
  if (testCaptcha !== undefined) {
    if (nodeEnv !== 'test') {
      throw new ConfigError(
        'TESSERA_TEST_CAPTCHA',
        `TESSERA_TEST_CAPTCHA is set but NODE_ENV="${nodeEnv}": it is only allowed with NODE_ENV=test.`,
      );
    }
    if (!/^[A-Za-z0-9]{1,8}$/.test(testCaptcha)) fail('TESSERA_TEST_CAPTCHA', testCaptcha, '1 to 8 letters or digits');
  }

  // Unset: the import's own default (200) applies.
  const importRaw = env.IMPORT_MAX_ROWS?.trim() || undefined;
  if (importRaw !== undefined && (!/^\d{1,5}$/.test(importRaw) || Number(importRaw) < 1 || Number(importRaw) > 10000)) {
    fail('IMPORT_MAX_ROWS', importRaw, 'an integer from 1 to 10000');
  }

  const sqlTimeoutRaw = env.SQL_TIMEOUT_MS?.trim() || undefined;
  if (
    sqlTimeoutRaw !== undefined &&
    (!/^\d{1,6}$/.test(sqlTimeoutRaw) || Number(sqlTimeoutRaw) < 100 || Number(sqlTimeoutRaw) > 600000)
  ) {
    fail('SQL_TIMEOUT_MS', sqlTimeoutRaw, 'milliseconds, an integer from 100 to 600000');
  }

  // Addresses only, never "true" or a hop count: trusting X-Forwarded-For from any peer would let
  // anyone choose the address the IP allow list sees.
  const trustRaw = env.TRUST_PROXY?.trim() || undefined;
  if (
    trustRaw !== undefined &&
    !trustRaw.split(',').every((entry) => isIP(entry.trim().replace(/\/\d{1,3}$/, '')) !== 0)
  ) {
    fail('TRUST_PROXY', trustRaw, 'proxy addresses or CIDR ranges, comma-separated (e.g. 10.0.0.1,10.1.0.0/16)');
  }

  const redisRaw = env.REDIS_URL?.trim() || undefined;
  if (redisRaw !== undefined) {
    let ok: boolean;
    try {
      const parsed = new URL(redisRaw);
      ok = (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok) fail('REDIS_URL', redactUrl(redisRaw), 'redis://[user:password@]host[:port][/db] or rediss://…');
  }

  return {
    port: Number(portRaw),
    host,
    databaseUrl,
    dataDir,
    tablePrefix,
    logLevel: pick(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    nodeEnv,
    ...(testCaptcha === undefined ? {} : { testCaptcha }),
    ...(importRaw === undefined ? {} : { importMaxRows: Number(importRaw) }),
    ...(sqlTimeoutRaw === undefined ? {} : { sqlTimeoutMs: Number(sqlTimeoutRaw) }),
    ...(trustRaw === undefined ? {} : { trustProxy: trustRaw }),
    ...(redisRaw === undefined ? {} : { redisUrl: redisRaw }),
  };
}
