/**
 * designer/core's cost per edit (docs/benchmarks.md "Designer core"), in one process, on a page of
 * 300 and of 5,000 fields (a list of grids of 100 fields):
 *  1. A keystroke in a settings field (execute updateSettings, coalesced into one undo step) against
 *     its baseline: one structuredClone of the schema, what a designer that copied the page per
 *     edit would pay. Target ≤ 0.5x: edits share everything but the path to the node.
 *  2. Moving a field across the page and undoing it, against the same baseline. Target ≤ 1x.
 *  3. serialiseText (the file's layout kept) against JSON.stringify(schema, null, 2). Target ≤ 12x:
 *     it runs once per save or JSON view refresh, never per keystroke.
 * Run: npx tsx bench/designer-core.bench.ts   (BENCH_REPEAT=200)
 */
import '../runtime/definitions';
import { childrenOf, createEditor, execute, loadDocument, ROOT_ID, serialiseText, undo } from '../designer/core';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);

function page(fields: number) {
  const grids = Math.ceil(fields / 100);
  return {
    schemaVersion: 2,
    type: 'page',
    body: [
      {
        type: 'list',
        key: 'big',
        dataSource: { kind: 'STATIC', data: [] },
        fields: Array.from({ length: grids }, (_, g) => ({
          type: 'grid',
          key: `g${g}`,
          children: Array.from({ length: Math.min(100, fields - g * 100) }, (_, i) => ({
            id: `f_${g}_${i}`,
            key: `k_${g}_${i}`,
            title: { zh: `字段 ${g}-${i}`, en: `Field ${g}-${i}` },
            type: 'input',
          })),
        })),
      },
    ],
  };
}

/** Median milliseconds of `run` over REPEAT calls (after a warm-up of a tenth). */
function median(run: (i: number) => void): number {
  for (let i = 0; i < REPEAT / 10; i++) run(i);
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const start = performance.now();
    run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(3)}x (target ≤ ${target}x: ${ratio <= target ? 'met' : 'MISSED'})`;

for (const size of [300, 5000]) {
  const text = `${JSON.stringify(page(size), null, 2)}\n`;
  const loaded = loadDocument(text);
  if (!loaded.ok) throw new Error('the bench page does not load');
  const doc = loaded.doc;
  const [list] = childrenOf(doc, ROOT_ID);
  const grids = childrenOf(doc, list);

  const baseline = median(() => structuredClone(doc.schema));
  let state = createEditor(doc);
  const keystroke = median((i) => {
    state = execute(state, { type: 'updateSettings', id: 'f_0_1', values: { title__en: `Name ${i}` } }).state;
  });
  state = createEditor(doc);
  const moveAndUndo = median(() => {
    state = execute(state, { type: 'move', id: 'f_0_0', parent: grids[grids.length - 1], index: 0 }).state;
    state = undo(state);
  });
  const plain = median(() => JSON.stringify(doc.schema, null, 2));
  const laidOut = median(() => serialiseText(doc));
  if (serialiseText(doc) !== text) throw new Error('serialiseText is not byte-stable');

  console.log(
    `\n${size} fields — baseline structuredClone ${baseline.toFixed(3)} ms, JSON.stringify ${plain.toFixed(3)} ms`,
  );
  console.log(
    `  keystroke (updateSettings, coalesced) ${keystroke.toFixed(3)} ms: ${verdict(keystroke / baseline, 0.5)}`,
  );
  console.log(`  move across the page + undo ${moveAndUndo.toFixed(3)} ms: ${verdict(moveAndUndo / baseline, 1)}`);
  console.log(`  serialiseText ${laidOut.toFixed(3)} ms: ${verdict(laidOut / plain, 12)} of JSON.stringify`);
}
