/**
 * List page: 10k rows from the STATIC data source rendered by the Tessera list node (one page,
 * no paging, so its table goes virtual) against a plain antd Table with `virtual` on the same rows,
 * in headless Debian chromium. Run:
 *   npx tsx bench/list-page.bench.ts            (BENCH_ROUNDS=5, BENCH_ROWS=10000)
 * Both pages are bundled by Vite's build API (production, minified, chunked by the app's own rule in
 * build/chunks.ts) into a temp dir, each HTML page with modulepreload links for its static closure
 * (as Vite writes the app's index.html), and served from loopback; each page's closure (chunks, kB)
 * is printed. Measured per page load: first row painted = navigation start → the first body
 * row in the DOM and a frame after it (so bundle parse, the provider's filter/sort and React's
 * render all count); select-all = click on the header checkbox → the header shows checked and a
 * frame has passed. Targets: first row ≤ 1.2x the baseline; select-all ≤ 200 ms.
 * Then the real app is built with its own vite.config.ts and a manifest, and the gzipped JS and
 * CSS a user downloads before the first list page paints are summed (routes are lazy: the entry,
 * the main layout's chunk and the module page's chunk, each with its static imports; the entry and
 * the login chunk for the login page), and the heavy libraries' chunks are checked to be lazy
 * (not in that set).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { openBrowser } from '../tests/e2e/lib/browser';
import { bundlePages, closureSize, servePages } from './lib/page-bundle';
import { LIST_PAGE_ROUTES, readManifest, routeChunks as pageChunks, staticClosure } from '../build/first-page';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const PAGES = ['baseline', 'list'] as const;
type PageName = (typeof PAGES)[number];

/** Both pages get modulepreload links for their static closure, as the app's index.html does. */
async function bundle(outDir: string): Promise<void> {
  const closures = await bundlePages(
    outDir,
    here('..'),
    { baseline: here('./list-page-baseline.tsx'), list: here('./list-page-list.tsx') },
    undefined,
    { modulePreload: true },
  );
  for (const name of PAGES) console.log(`  ${name.padEnd(8)} static closure: ${closureSize(outDir, closures[name])}`);
}

interface Sample {
  scriptMs: number;
  firstRowMs: number;
  selectAllMs: number;
  rowsInDom: number;
  selected: string;
}

async function measure(page: Page, url: string): Promise<Sample> {
  await page.goto(url);
  await page.waitForFunction(() => window.__firstRow !== undefined, undefined, { timeout: 120_000 });
  const firstRowMs = await page.evaluate(() => window.__firstRow!);
  const scriptMs = await page.evaluate(() => window.__scriptStart!);
  const rowsInDom = await page.locator('.ant-table-row').count();
  const selectAllMs = await page.evaluate(async () => {
    const box = document.querySelector<HTMLInputElement>('.ant-table-thead input[type=checkbox]');
    if (!box) throw new Error('no select-all checkbox');
    const checked = () => !!document.querySelector('.ant-table-thead .ant-checkbox-checked');
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    const start = performance.now();
    box.click();
    while (!checked()) await frame();
    await frame();
    return performance.now() - start;
  });
  // The list shows its count bar; the baseline has none (the header checkbox is the proof there).
  const bar = page.getByText(/已选择 \d+ 项数据/);
  const selected = (await bar.count()) ? await bar.first().innerText() : 'header checked';
  return { scriptMs, firstRowMs, selectAllMs, rowsInDom, selected };
}

/** The app as users get it: gzipped bytes before the first list page paints, and the lazy chunks. */
async function appDownload(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'tessera-app-build-'));
  try {
    await build({
      configFile: here('../vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = readManifest(outDir);
    const closure = (keys: string[]) => staticClosure(manifest, keys);
    const read = (file: string) => readFileSync(join(outDir, file));
    const entry = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
    const size = (keys: Set<string>) => {
      let js = 0;
      let css = 0;
      const cssFiles = new Set<string>();
      for (const key of keys) {
        js += gzipSync(read(manifest[key]!.file)).length;
        manifest[key]!.css?.forEach((f) => cssFiles.add(f));
      }
      for (const f of cssFiles) css += gzipSync(read(f)).length;
      return `${(js / 1024).toFixed(1)} kB gzip JS in ${keys.size} chunks, ${(css / 1024).toFixed(1)} kB gzip CSS`;
    };
    // build/first-page.ts decides what a list page loads before it paints (the same rule as the
    // budget test, tests/build/first-page-size.test.ts); the login page needs the entry and its chunk.
    const bySource = (src: string) => Object.keys(manifest).find((k) => manifest[k]!.src === src || k === src);
    const routeChunks = (sources: string[]) => pageChunks(outDir, manifest, sources);
    const initial = routeChunks(LIST_PAGE_ROUTES);
    console.log(`\nApp bundle (vite build of index.html, manifest):`);
    console.log(`  entry alone: ${size(closure(entry))}`);
    console.log(`  login page: ${size(closure([...entry, bySource('src/pages/login/LoginPage.tsx') ?? entry[0]]))}`);
    console.log(`  before the first list page paints (entry + main layout + module page + list): ${size(initial)}`);
    const schemaPage = routeChunks(['src/layouts/MainLayout.tsx', 'src/pages/SchemaPage.tsx']);
    console.log(`  the same for a system page schema (SchemaPage): ${size(schemaPage)}`);
    const initialText = [...initial].map((k) => read(manifest[k]!.file).toString('latin1')).join('\n');
    const heavy: [string, RegExp, RegExp][] = [
      ['gantt (@visactor/vtable-gantt)', /gantt-chart|vtable-gantt/i, /VTableGantt|vtable-gantt|GanttView_/],
      ['rich text (@wangeditor)', /wangeditor|rich-?text/i, /wangEditor|w-e-text-container/],
      ['spreadsheets (xlsx / exceljs)', /xlsx|exceljs|spreadsheet/i, /SheetJS|ExcelJS/],
      ['code editing (codemirror)', /codemirror|code-editor/i, /cm-editor|CodeMirror/],
    ];
    for (const [name, key, marker] of heavy) {
      const chunks = Object.keys(manifest).filter((k) => key.test(k) || key.test(manifest[k]!.file));
      const eager = chunks.filter((k) => initial.has(k));
      const inInitialCode = marker.test(initialText);
      const state =
        chunks.length === 0
          ? 'not in the app yet'
          : eager.length
            ? `EAGER (${eager.join(', ')})`
            : `lazy (${chunks.map((k) => manifest[k]!.file).join(', ')})`;
      console.log(`  ${name}: ${state}; marker in initial code: ${inInitialCode ? 'YES' : 'no'}`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number) => n.toFixed(1);
/** The spread of single loads: on a shared machine a median alone hides how noisy a run was. */
const range = (values: number[]) => `[${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}]`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-list-bench-'));
  const started = Date.now();
  await bundle(dir);
  console.log(`bundled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { server, base } = await servePages(dir);
  const browser = await openBrowser();
  await browser.context.addInitScript('globalThis.__name = (f) => f;');
  try {
    const samples: Record<PageName, Sample[]> = { baseline: [], list: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which page goes first, so warm-up and machine noise fall on both.
      const order = round % 2 ? [...PAGES].reverse() : PAGES;
      for (const name of order) samples[name].push(await measure(browser.page, `${base}/${name}.html?n=${ROWS}`));
    }
    console.log(`\n${ROWS} rows, ${ROUNDS} loads each (medians):`);
    for (const name of PAGES) {
      const s = samples[name];
      console.log(
        `  ${name.padEnd(8)} first row painted ${fmt(median(s.map((x) => x.firstRowMs)))} ms ` +
          `${range(s.map((x) => x.firstRowMs))} ` +
          `(own code started at ${fmt(median(s.map((x) => x.scriptMs)))} ms; code start → first row ` +
          `${fmt(median(s.map((x) => x.firstRowMs - x.scriptMs)))} ms ${range(s.map((x) => x.firstRowMs - x.scriptMs))}), ` +
          `select-all ${fmt(median(s.map((x) => x.selectAllMs)))} ms ${range(s.map((x) => x.selectAllMs))}, ` +
          `rows in DOM ${s[0].rowsInDom}, ${s[0].selected}`,
      );
    }
    const ratio = median(samples.list.map((x) => x.firstRowMs)) / median(samples.baseline.map((x) => x.firstRowMs));
    console.log(`  first-row ratio list/baseline: ${ratio.toFixed(2)}x (target ≤ 1.2x)`);
    console.log(`  list select-all: ${fmt(median(samples.list.map((x) => x.selectAllMs)))} ms (target ≤ 200 ms)`);
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_SKIP_APP !== '1') await appDownload();
}

await main();
