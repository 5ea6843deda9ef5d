/**
 * The real server (`server/main.ts`, the entry `npm start` bundles and runs; here through tsx, so
 * tests run the sources as they are; tests/build/server-bundle.test.ts covers the bundle) in a child
 * process on a free loopback port with a fresh SQLite database, for the shell's client-side tests that run in happy-dom: the
 * browser code under test (src/api, src/session, src/routes) talks to it over real HTTP, with the
 * envelope on. The server cannot run inside happy-dom itself (its globals replace Node's URL).
 * Picture codes are SHELL_CAPTCHA (TESSERA_TEST_CAPTCHA, NODE_ENV=test only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as undici from 'undici';
import { freePort } from './free-port';

export const SHELL_CAPTCHA = 'C0DE';

export interface ShellServer {
  /** http://127.0.0.1:port */
  origin: string;
  logs: () => string;
  stop: () => Promise<void>;
  /** SIGKILL, as `kill -9` (tests/faults/): resolves once the process is gone; stop() still cleans up. */
  kill: () => Promise<void>;
  /** SIGSTOP / SIGCONT: the server holds every connection and answers nothing until resumed (a hung server). */
  pause: () => void;
  resume: () => void;
}

export async function startShellServer(env: Record<string, string> = {}): Promise<ShellServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-shell-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'tessera.db')}`,
      NODE_ENV: 'test',
      TESSERA_TEST_CAPTCHA: SHELL_CAPTCHA,
      LOG_LEVEL: 'warn',
      // No web build is needed: only the API is called.
      WEB_DIST_DIR: join(dataDir, 'no-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    // node:http, not fetch: under happy-dom the global fetch is the simulated browser's.
    const up = await new Promise<boolean>((resolve) => {
      const probe = get(`${origin}/api/health`, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      probe.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let stopped = false;
  return {
    origin,
    logs: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Points the simulated browser's fetch at the server, as a page served from `origin` would: ky's
 * relative `/api/…` URLs resolve against it. happy-dom's own fetch loses the body of a cloned
 * response (ky clones one per afterResponse hook), so the calls go through undici's fetch — the
 * implementation behind Node's — over real HTTP. Returns the calls made, as `METHOD /path`.
 */
export function browseFrom(origin: string): string[] {
  const calls: string[] = [];
  class PageRequest extends undici.Request {
    constructor(input: string | URL | undici.Request, init?: undici.RequestInit) {
      super(typeof input === 'string' ? new URL(input, origin).href : input, init);
    }
  }
  const pageFetch = (input: string | URL | undici.Request, init?: undici.RequestInit) => {
    const request = new PageRequest(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return undici.fetch(request);
  };
  Object.assign(globalThis, {
    fetch: pageFetch,
    Request: PageRequest,
    Response: undici.Response,
    Headers: undici.Headers,
  });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  return calls;
}
