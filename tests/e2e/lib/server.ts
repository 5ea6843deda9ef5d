/**
 * Starts the real server (server/main.ts, the entry `npm start` bundles and runs; here through tsx, so
 * the tests run the sources as they are — tests/build/server-bundle.test.ts covers the bundle) on a
 * free loopback port with a fresh SQLite database, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../helpers/free-port';

export const E2E_CAPTCHA = '7e2e';
const root = new URL('../../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_DIST_DIR: test against another build of the web app (e.g. `npx vite build --outDir /tmp/x`).
  const distDir = process.env.E2E_DIST_DIR || join(root, 'dist');
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`${distDir} is missing: run \`npx vite build\` (npm test does)`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'tessera.db')}`,
      NODE_ENV: 'test',
      TESSERA_TEST_CAPTCHA: E2E_CAPTCHA,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: distDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // E2E_SERVER_START_MS: a longer wait on a loaded machine (tsx compiles the server on start).
  const waitMs = Number(process.env.E2E_SERVER_START_MS) || 60_000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${waitMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
