// `npm run bench [name …]`: every benchmark in bench/ (or the named ones: `npm run bench list export`),
// one after another, each printing its baseline, its ratios and its target verdict as it runs
// (docs/benchmarks.md has the latest ratio per goal; docs/benchmarks-log.md says what each measures and
// how to vary it). Ends with a line per benchmark: finished or failed. Benchmarks take minutes each; they
// are never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/ensure.mjs';

const all = readdirSync(join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${all.join(', ')}`);
  process.exit(2);
}

const results = [];
for (const name of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${name}.bench.ts ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], {
    cwd: root,
    stdio: 'inherit',
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  results.push(`${run.status === 0 ? 'finished' : 'FAILED  '} ${name} (${minutes} min)`);
}
console.log(`\n${results.join('\n')}`);
process.exit(results.some((line) => line.startsWith('FAILED')) ? 1 : 0);
