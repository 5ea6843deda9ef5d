// `npm test`: every check a change must pass, in order, stopping at the first failure.
// TEST_DATABASES (default sqlite) names the databases the API suites run against.
import { ensureBuild, ensureDependencies, run } from './lib/ensure.mjs';

ensureDependencies();

const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['schemas', 'npx', ['tsx', 'scripts/schemas-check.ts']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['build', null, null],
  ['end-to-end tests', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', 'tests/e2e/']],
];

let passed = 0;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  if (command === null) {
    ensureBuild({ force: true });
  } else if (run(command, args) !== 0) {
    console.log(`\n✖ ${name} failed`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += 1;
}
console.log(`\n✔ all checks passed (TEST_DATABASES=${process.env.TEST_DATABASES ?? 'sqlite'})`);
