/**
 * `tessera schema pull|push|diff` as a child process against a real server listening on loopback
 * (once per TEST_DATABASES): pull writes the export, an edited file pushes as a new version, diff
 * shows the change, a stale file is refused as a conflict and a bad token changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { demoModuleEnv, runTessera } from '../helpers/remote-cli';

vi.setConfig({ testTimeout: 120_000 });

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    env = await demoModuleEnv(t, address, await t.signIn());
    dir = mkdtempSync(join(tmpdir(), 'tessera-remote-'));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('pull writes the export, push saves an edit as the next version, diff shows it, a stale push is a conflict', async () => {
    const file = join(dir, 'customer.json');
    const pull = await runTessera(['schema', 'pull', '--out', file], env);
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const pulled = JSON.parse(readFileSync(file, 'utf8'));
    expect(pulled).toMatchObject({ format: 'tessera-module', module: { version: expect.any(Number) } });
    const base = pulled.module.version as number;

    const edited = structuredClone(pulled);
    edited.schema.title = { zh: '客户（命令行）', en: 'Customers (CLI)' };
    writeFileSync(file, JSON.stringify(edited));
    const push = await runTessera(['schema', 'push', file], env);
    expect(push.stderr).toBe('');
    expect(push.stdout).toContain(`saved version ${base + 1}`);

    const diff = await runTessera(['schema', 'diff', '--from', String(base)], env);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain(`version ${base} → ${base + 1}`);
    expect(diff.stdout).toMatch(/^\/title/m);

    // The same file again is based on a version that is no longer the head.
    const stale = await runTessera(['schema', 'push', file], env);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('P4009');
    const head = await runTessera(['schema', 'pull', '--out', join(dir, 'head.json')], env);
    expect(head.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'head.json'), 'utf8')).module.version).toBe(base + 1);
  });

  it('a bad token or an unreachable instance fails clearly', async () => {
    const bad = await runTessera(['schema', 'pull', '--out', join(dir, 'x.json')], { ...env, TESSERA_TOKEN: 'nope' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('P4007');
    const down = await runTessera(['schema', 'diff', '--from', '1', '--url', 'http://127.0.0.1:9'], env);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('cannot reach http://127.0.0.1:9');
    const missing = await runTessera(['schema', 'push', join(dir, 'x.json')], { ...env, TESSERA_URL: '' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--url (or TESSERA_URL) is required');
  });
});
