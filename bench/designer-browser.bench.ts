/**
 * The form designer in Chromium on a 300-node page (issue 14; docs/benchmarks.md "Designer, 300 nodes"):
 *  1. Open: render → the first frame with all 296 fields on the canvas, against the runtime alone
 *     rendering the same page's form (FormBody, the same widgets) in the same run. Target ≤ 1.5x.
 *  2. Select and drag: a click on a field, then a drag (@dnd-kit, real mouse events) across the
 *     canvas onto a field of another grid and the drop; every frame's duration from the click to the
 *     frame after the drop (requestAnimationFrame deltas). Target p95 ≤ 16 ms: the 60 Hz frame budget.
 *     A rAF delta is a whole number of display intervals (16.7 ms at 60 Hz, as the frames of a
 *     Chromium performance trace are), never less than one, so the target reads "p95 within one
 *     display interval": at least 95% of frames on time, none of them dropped. The interval is
 *     measured on the idle page first (median rAF delta) and 1 ms of jitter allowed.
 *  3. Typing in a settings field (the selected field's title): a character typed (native setter +
 *     input event, as React sees typing) → the first frame in which the canvas shows the new title.
 *     Target ≤ 50 ms.
 * Both pages are bundled by Vite's build API (production, minified, the app's chunking) and served
 * from loopback. Run: npx tsx bench/designer-browser.bench.ts   (BENCH_ROUNDS=5 opens per page)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { openBrowser } from '../tests/e2e/lib/browser';
import { fieldId, fieldTitle } from './designer-fixture';
import { bundlePages, servePages } from './lib/page-bundle';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TYPED = 20;
const LOAD_TIMEOUT_MS = 600_000;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/**
 * Nearest-rank p95: the ⌈0.95·n⌉-th smallest (the 19th of 20 keystrokes). Until session 3 this read
 * index ⌊0.95·n⌋, the slowest of 20, so one stalled keystroke decided the typing figure; the
 * maximum is printed beside it.
 */
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const fmt = (n: number) => n.toFixed(1);

async function open(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => window.__opened === true, undefined, { timeout: LOAD_TIMEOUT_MS });
  return page.evaluate(() => window.__openMs!);
}

/** Frame durations (rAF deltas) while `act` runs, and one frame after it. */
async function framesDuring(page: Page, act: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
  await act();
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) =>
        requestAnimationFrame(() => {
          const w = window as unknown as { __frames: number[]; __recording: boolean };
          w.__recording = false;
          resolve(w.__frames);
        }),
      ),
  );
}

/** The display's frame interval: the median rAF delta of the idle page over 60 frames. */
async function displayInterval(page: Page): Promise<number> {
  const deltas = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const out: number[] = [];
        let last = 0;
        const tick = (now: number) => {
          if (last) out.push(now - last);
          last = now;
          if (out.length < 60) requestAnimationFrame(tick);
          else resolve(out);
        };
        requestAnimationFrame(tick);
      }),
  );
  return median(deltas);
}

const nodeSelector = (i: number) => `.tessera-designer-node[data-node-id="${fieldId(i)}"]`;

async function selectAndDrag(page: Page, from: number, to: number): Promise<number[]> {
  const source = page.locator(nodeSelector(from));
  const target = page.locator(nodeSelector(to));
  await source.scrollIntoViewIfNeeded();
  return framesDuring(page, async () => {
    await source.click();
    // Waits in the page with the DOM's own querySelector every 50 ms. Playwright's waitForSelector
    // polled on every frame with its selector engine, which walks all ~10,000 elements (~5 ms a
    // query, traced): the harness's own work was inside the frames measured here.
    await page.waitForFunction(
      (id) => document.querySelector(`.tessera-designer-node.is-selected[data-node-id="${id}"]`) !== null,
      fieldId(from),
      { polling: 50, timeout: 60_000 },
    );
    const a = (await source.boundingBox())!;
    const b = (await target.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    const steps = 40;
    for (let i = 1; i <= steps; i++) {
      const x = a.x + a.width / 2 + ((b.x + b.width / 2 - (a.x + a.width / 2)) * i) / steps;
      const y = a.y + a.height / 2 + ((b.y + b.height / 4 - (a.y + a.height / 2)) * i) / steps;
      await page.mouse.move(x, y);
    }
    await page.mouse.up();
  });
}

/** Types into the selected field's title; each keystroke → the first frame with the new text on the canvas. */
async function typeTitle(page: Page, index: number): Promise<number[]> {
  return page.evaluate(
    async ({ title, id, count }) => {
      const settings = document.querySelector(`[data-settings-for="${id}"]`);
      const input = [...(settings?.querySelectorAll('input') ?? [])].find((el) => el.value === title);
      if (!input) throw new Error(`no title input for ${title}`);
      const node = () => document.querySelector(`.tessera-designer-node[data-node-id="${id}"]`);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const settle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        await settle();
        const next = `${input.value}${i % 10}`;
        const start = performance.now();
        setValue.call(input, next);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise<void>((resolve) => {
          const check = () => {
            if (node()?.getAttribute('aria-label')?.startsWith(`${next} ·`)) resolve();
            else requestAnimationFrame(check);
          };
          check();
        });
        // The frame that shows it.
        await new Promise((r) => requestAnimationFrame(r));
        times.push(performance.now() - start);
      }
      return times;
    },
    { title: fieldTitle(index), id: fieldId(index), count: TYPED },
  );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-designer-bench-'));
  const started = Date.now();
  await bundlePages(dir, here('..'), {
    designer: here('./designer-page.tsx'),
    runtime: here('./designer-runtime-page.tsx'),
  });
  console.log(`bundled in ${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg()[0].toFixed(1)}`);
  const { server, base } = await servePages(dir);
  const browser = await openBrowser();
  await browser.context.addInitScript('globalThis.__name = (f) => f;');
  const page = browser.page;
  await page.setViewportSize({ width: 1600, height: 1000 });
  try {
    const opens: Record<'designer' | 'runtime', number[]> = { designer: [], runtime: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (['runtime', 'designer'] as const) : (['designer', 'runtime'] as const);
      for (const name of order) opens[name].push(await open(page, `${base}/${name}.html`));
    }
    const ratio = median(opens.designer) / median(opens.runtime);
    console.log(`open, ${ROUNDS} loads each (render → first frame with all fields):`);
    console.log(`  runtime alone (baseline): median ${fmt(median(opens.runtime))} ms [${opens.runtime.map(fmt)}]`);
    console.log(`  designer:                 median ${fmt(median(opens.designer))} ms [${opens.designer.map(fmt)}]`);
    console.log(
      `  ratio designer / runtime: ${ratio.toFixed(2)}x (target ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
    );

    const frames: number[] = [];
    let interval = 0;
    for (const [from, to] of [
      [4, 20],
      [30, 8],
      [12, 40],
    ] as const) {
      await open(page, `${base}/designer.html`);
      interval ||= await displayInterval(page);
      frames.push(...(await selectAndDrag(page, from, to)));
    }
    const frameP95 = p95(frames);
    const budget = Math.max(16, interval) + 1;
    const late = frames.filter((frame) => frame > budget).length;
    console.log(
      `select + drag across the canvas, 3 drags: ${frames.length} frames, median ${fmt(median(frames))} ms, ` +
        `p95 ${fmt(frameP95)} ms, max ${fmt(Math.max(...frames))} ms; display interval ${fmt(interval)} ms, ` +
        `${late} frames (${((100 * late) / frames.length).toFixed(1)}%) longer than one ` +
        `(target p95 ≤ 16 ms, one 60 Hz frame: p95 ≤ ${fmt(budget)} ms ${frameP95 <= budget ? 'met' : 'NOT met'})`,
    );

    await open(page, `${base}/designer.html`);
    await page.locator(nodeSelector(150)).scrollIntoViewIfNeeded();
    await page.locator(nodeSelector(150)).click();
    await page.waitForSelector(`[data-settings-for="${fieldId(150)}"]`, { timeout: 60_000 });
    const typed = await typeTitle(page, 150);
    console.log(
      `typing a title in the settings → canvas, ${TYPED} keystrokes: median ${fmt(median(typed))} ms, ` +
        `p95 ${fmt(p95(typed))} ms, max ${fmt(Math.max(...typed))} ms (target ≤ 50: ${p95(typed) <= 50 ? 'met' : `NOT met${median(typed) <= 50 ? ' at p95, met at the median' : ''}`})`,
    );
    console.log(`load at the end ${loadavg()[0].toFixed(1)}`);
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
