/**
 * Shared by the browser benchmarks: bundle a few entry pages with Vite into a temp folder and serve
 * them on loopback, so each benchmark compares its pages under the same build and the same server.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions, type Rolldown } from 'vite';
import { tesseraChunks } from '../../build/chunks';

export interface BundleOptions {
  /**
   * Write `<link rel="modulepreload">` for every chunk in the entry's static import closure, as
   * Vite does for a real HTML entry (the app's index.html): the browser then fetches them all at
   * once instead of discovering them import level by import level.
   */
  modulePreload?: boolean;
}

/** The files one entry page loads before its own code runs: the entry chunk and its static imports. */
export type EntryClosures = Record<string, string[]>;

/** Builds one `<name>.js` + `<name>.html` per entry into outDir; returns each entry's static closure. */
export async function bundlePages(
  outDir: string,
  root: string,
  entries: Record<string, string>,
  alias?: AliasOptions,
  options: BundleOptions = {},
): Promise<EntryClosures> {
  // The app's own chunking (vite.config.ts), so the pages load the chunks users would.
  const chunking = tesseraChunks();
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), chunking.plugin],
    ...(alias ? { resolve: { alias } } : {}),
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 10_000,
      // BENCH_UNMINIFIED=1: readable names in a CPU profile of the bench pages.
      ...(process.env.BENCH_UNMINIFIED ? { minify: false } : {}),
      rollupOptions: {
        input: entries,
        output: { entryFileNames: '[name].js', codeSplitting: chunking.codeSplitting },
      },
    },
  });
  const chunks = outputChunks(result);
  const closures: EntryClosures = {};
  for (const name of Object.keys(entries)) {
    const files = staticClosure(chunks, `${name}.js`);
    closures[name] = files;
    const script = `<script type="module" crossorigin src="./${name}.js"></script>`;
    // As Vite writes index.html: the entry script first, then one preload link per chunk it
    // imports (a module script is deferred, so it still runs after #root is parsed).
    const head = options.modulePreload
      ? script +
        files
          .slice(1)
          .map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`)
          .join('')
      : '';
    writeFileSync(
      join(outDir, `${name}.html`),
      `<!doctype html><html><head><meta charset="utf-8">${head}</head><body><div id="root"></div>` +
        `${options.modulePreload ? '' : script}</body></html>`,
    );
  }
  return closures;
}

function outputChunks(result: Awaited<ReturnType<typeof build>>): Map<string, Rolldown.OutputChunk> {
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of outputs)
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  return chunks;
}

/** The entry file first, then every chunk it imports statically, transitively. */
function staticClosure(chunks: Map<string, Rolldown.OutputChunk>, entryFile: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(entryFile);
  return [...seen];
}

/** "N chunks, X kB / Y kB gzip" for a list of built files (minified JS as written to outDir). */
export function closureSize(outDir: string, files: string[]): string {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(outDir, file));
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return `${files.length} chunks, ${(raw / 1024).toFixed(0)} kB / ${(gzip / 1024).toFixed(0)} kB gzip`;
}

/** Serves the built folder on a free loopback port. */
export function servePages(dir: string): Promise<{ server: Server; base: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // Only names the build wrote: no '..', so nothing outside the temp dir is served.
    if (path.includes('..')) return void res.writeHead(400).end();
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}
