// Shared by `npm start` and `npm test`: a fresh clone needs nothing but Node and npm. These helpers
// use only Node built-ins because they run before dependencies exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const walk = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') walk(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) walk(join(root, path));
  return latest;
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

/** vite build when dist/ is missing or older than the browser sources. */
export function ensureBuild({ force = false } = {}) {
  const built = mtime(join(root, 'dist/index.html'));
  const sources = newest([
    'index.html',
    'src',
    'runtime',
    'protocol',
    'designer',
    'schemas',
    'public',
    'vite.config.ts',
    'build',
    'package-lock.json',
  ]);
  if (!force && built && built >= sources) return;
  console.log('Building the web app (vite build)…');
  if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
}

/**
 * True when dist-server/ holds a complete bundle newer than every source it was built from (the
 * list esbuild's metafile gave, scripts/build-server.mjs) and than the lock file. A source that no
 * longer exists also means a rebuild: an import moved.
 */
export function serverBuildIsCurrent(outDir = join(root, 'dist-server')) {
  const built = mtime(join(outDir, 'meta.json'));
  if (!built || !existsSync(join(outDir, 'main.js'))) return false;
  let sources;
  try {
    sources = JSON.parse(readFileSync(join(outDir, 'meta.json'), 'utf8')).sources;
  } catch {
    return false;
  }
  const inputs = [...sources, 'package-lock.json', 'scripts/build-server.mjs'];
  return inputs.every((source) => {
    const time = mtime(join(root, source));
    return time > 0 && time <= built;
  });
}

/** `npm run build:server` when dist-server/ is missing or older than the server sources it bundles. */
export function ensureServerBuild({ force = false } = {}) {
  if (!force && serverBuildIsCurrent()) return;
  console.log('Building the server (esbuild)…');
  if (run(process.execPath, ['scripts/build-server.mjs']) !== 0) process.exit(1);
}
