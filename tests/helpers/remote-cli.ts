/**
 * What the remote `tessera schema` suites share (tests/cli/tessera-remote, tests/contract/envelope-cli):
 * the CLI run as a real child process, and the env that points it at the demo app's first module of
 * a test app listening on loopback. One place, so both suites drive the CLI the same way.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { TestApp } from './app';

const ROOT = resolve(__dirname, '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs bin/tessera.mjs with `args`; `env` is laid over this process's env. Never rejects. */
export function runTessera(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(ROOT, 'bin', 'tessera.mjs'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The TESSERA_* env for the CLI: `address` from `t.app.listen`, `token` a signed-in admin's. */
export async function demoModuleEnv(t: TestApp, address: string, token: string): Promise<Record<string, string>> {
  const module = await t.db.db
    .selectFrom(t.tables.module)
    .select('id')
    .where('app_id', '=', t.demoAppId)
    .executeTakeFirstOrThrow();
  return { TESSERA_URL: address, TESSERA_TOKEN: token, TESSERA_APP: 'demo', TESSERA_MODULE: String(module.id) };
}
