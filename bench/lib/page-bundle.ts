/**
 * Shared by the browser benchmarks: bundle a few entry pages with Vite into a temp folder and serve
 * them on loopback, so each benchmark compares its pages under the same build and the same server.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions } from 'vite';

/** Builds one `<name>.js` + `<name>.html` per entry into outDir. */
export async function bundlePages(
  outDir: string,
  root: string,
  entries: Record<string, string>,
  alias?: AliasOptions,
): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    ...(alias ? { resolve: { alias } } : {}),
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: { input: entries, output: { entryFileNames: '[name].js' } },
    },
  });
  for (const name of Object.keys(entries)) {
    writeFileSync(
      join(outDir, `${name}.html`),
      `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div>` +
        `<script type="module" src="./${name}.js"></script></body></html>`,
    );
  }
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
