import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{protocol,runtime,designer,src,server,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // API suites open real database connections; keep files in one fork pool, serialised per DB.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
