// `npm run test:faults`: the fault tests too slow for `npm test` (each spawns and kills real server
// processes: ~40 s per database). They are named *.fault.ts so the main config never picks them up;
// the fast faults (tests/faults/*.test.ts) stay in `npm test`. TEST_DATABASES applies as usual.
// Not merged with vitest.config.ts: mergeConfig would append its include list to this one.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/faults/**/*.fault.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    pool: 'forks',
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
