// `npm test`: every check a change must pass, in order, stopping at the first failure, and a
// closing line counting the tests of both runners (vitest and node's runner for e2e).
// TEST_DATABASES (default sqlite) names the databases the API suites run against.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root, run } from './lib/ensure.mjs';

ensureDependencies();

const reports = join(root, '.tmp');
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest-report.json');
const e2eReport = join(reports, 'e2e.tap');
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

// Node 20's runner matches only *.test.* names inside a folder, so the e2e files are named here.
const e2eFiles = readdirSync(join(root, 'tests/e2e'))
  .filter((name) => name.endsWith('.e2e.ts'))
  .sort()
  .map((name) => `tests/e2e/${name}`);

const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['schemas', 'npx', ['tsx', 'scripts/schemas-check.ts']],
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', null, null],
  [
    'end-to-end tests',
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${e2eReport}`,
      ...e2eFiles,
    ],
  ],
];

function counts() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
  if (existsSync(e2eReport)) {
    const tap = readFileSync(e2eReport, 'utf8');
    passed += Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0);
    failed += Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0);
  }
  return { passed, failed };
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const status = command === null ? (ensureBuild({ force: true }), 0) : run(command, args);
  if (status !== 0) {
    const { passed, failed } = counts();
    console.log(`\n✖ ${name} failed`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(1);
  }
}
const e2eRan = Number(/^# pass (\d+)/m.exec(existsSync(e2eReport) ? readFileSync(e2eReport, 'utf8') : '')?.[1] ?? 0);
if (e2eRan === 0) {
  console.log('\n✖ the end-to-end step ran no test');
  process.exit(1);
}
const { passed, failed } = counts();
console.log(`\n✔ all checks passed (TEST_DATABASES=${process.env.TEST_DATABASES ?? 'sqlite'})`);
console.log(`tests: ${passed} passed, ${failed} failed`);
if (passed === 0 || failed > 0) process.exit(1);
