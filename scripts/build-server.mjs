// `npm run build:server`: the server as plain JavaScript in dist-server/, so `npm start` runs it with
// node alone. Under tsx the same server holds ~120 MB more RSS (the loader, the transpiled sources
// and their source maps: docs/benchmarks-log.md "Export"). Only our TypeScript is bundled; packages stay
// in node_modules (external), which is why the output must live inside the repository.
//
// Two entry points: the server and the SQLite SQL-mode worker that the server forks as a separate
// process (server/common/sqlite-sql-worker-client.ts finds it next to the bundle). esbuild's
// metafile lists every source bundled; scripts/lib/ensure.mjs compares their times with the bundle's
// to decide whether `npm start` must rebuild.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

export const SERVER_OUT_DIR = join(root, 'dist-server');
/** Written last: its presence means a complete build (see serverBuildIsCurrent in ensure.mjs). */
export const SERVER_META_FILE = 'meta.json';

/** Bundles into `outDir` (default dist-server/); returns the sources bundled (paths relative to the repository). */
export async function buildServer({ outDir = SERVER_OUT_DIR } = {}) {
  const target = resolve(outDir);
  // Build next to the target, then swap: a server started meanwhile never sees half a bundle.
  const staging = `${target}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'sqlite-sql-worker': 'server/common/sqlite-sql-worker.ts',
    },
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // A separate .map file: stack traces can be mapped back (node --enable-source-maps, ~70 MB more
    // RSS, so not by default) at no cost to a server that runs without the flag.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // Relative to the repository, so a moved checkout still compares the right files.
  const sources = Object.keys(result.metafile.inputs);
  writeFileSync(join(staging, SERVER_META_FILE), JSON.stringify({ sources }, null, 1));
  mkdirSync(join(target, '..'), { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return sources;
}

// Run as a script (`node scripts/build-server.mjs [outDir]`), not when imported.
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : SERVER_OUT_DIR;
  const started = Date.now();
  const sources = await buildServer({ outDir });
  const where = outDir.startsWith(root) ? outDir.slice(root.length) : outDir;
  console.log(`Server bundled into ${where}/ (${sources.length} sources, ${Date.now() - started} ms)`);
  if (!existsSync(join(outDir, 'main.js'))) process.exit(1);
}
