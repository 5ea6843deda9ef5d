import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tesseraChunks } from './build/chunks.js';
import { lazyModules } from './build/lazy-modules.js';

// Shared with the page benchmarks (bench/lib/page-bundle.ts), so they measure the chunks that ship.
const chunking = tesseraChunks();

// The server (Fastify) serves dist/ in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), chunking.plugin, lazyModules()],
  root: '.',
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rollupOptions: { output: { codeSplitting: chunking.codeSplitting } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
