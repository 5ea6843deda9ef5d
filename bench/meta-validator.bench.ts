/**
 * Cold validation of a page schema (docs/benchmarks.md "Meta-schema validator"): the first
 * validation a fresh process makes, precompiled (loading runtime/core/schema/meta-validator.generated.js,
 * written by scripts/meta-validator.ts, then validating) against its baseline, a runtime compile (the
 * Ajv instance with every meta-schema, compiling the page schema, then validating) — what the server
 * and the designer paid before. Each round is two fresh node processes, the sides alternating; the
 * registry (runtime/definitions) and the Ajv library are loaded before the clock starts on both sides.
 * Target: precompiled ≤ 0.2x of the compile. Medians over BENCH_ROUNDS (default 7).
 * Run: npx tsx bench/meta-validator.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PAGE = 'schemas/apps/demo/modules/customer.json';
const side = process.argv[2];

async function child(which: 'compile' | 'precompiled'): Promise<void> {
  await import('../runtime/definitions');
  await import('ajv/dist/2020.js');
  await import('ajv-formats');
  await import('../runtime/core/schema/meta-validator-runtime');
  const json = JSON.parse(readFileSync(PAGE, 'utf8'));
  let valid: unknown;
  let started: number;
  if (which === 'compile') {
    const { createAjv, META } = await import('../runtime/core/schema/ajv');
    started = performance.now();
    valid = createAjv().getSchema(META.page)!(json);
  } else {
    started = performance.now();
    const { page } = await import('../runtime/core/schema/meta-validator.generated.js');
    valid = page(json);
  }
  const ms = performance.now() - started;
  if (valid !== true) throw new Error(`${PAGE} did not validate on the ${which} side`);
  console.log(JSON.stringify({ ms }));
}

function run(which: 'compile' | 'precompiled'): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), which], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!).ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (side === 'compile' || side === 'precompiled') {
  await child(side);
} else {
  const compile: number[] = [];
  const precompiled: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which side goes first, so a burst of load lands on both.
    if (round % 2) precompiled.push(run('precompiled'));
    compile.push(run('compile'));
    if (!(round % 2)) precompiled.push(run('precompiled'));
  }
  const ratio = median(precompiled) / median(compile);
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  console.log(`cold validate of ${PAGE}, ${ROUNDS} rounds, load ${load}`);
  console.log(
    `  runtime compile (baseline): median ${median(compile).toFixed(1)} ms  [${compile.map((v) => v.toFixed(0))}]`,
  );
  console.log(
    `  precompiled:                median ${median(precompiled).toFixed(1)} ms  [${precompiled.map((v) => v.toFixed(0))}]`,
  );
  console.log(
    `  ratio precompiled / compile: ${ratio.toFixed(3)}x (target ≤ 0.2x: ${ratio <= 0.2 ? 'met' : 'NOT met'})`,
  );
}
