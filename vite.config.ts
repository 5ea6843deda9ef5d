import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (Fastify) serves dist/ in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
