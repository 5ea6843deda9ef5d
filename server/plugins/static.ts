/**
 * The built web app (dist/) with a single-page fallback: a GET outside /api/ that matches no file
 * answers index.html, so deep links like /demo/common/123 load the app. Only when dist exists.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return false;
  // wildcard: false registers one route per file, so anything else falls to the not-found handler.
  await app.register(fastifyStatic, { root, wildcard: false, index: 'index.html' });
  return true;
}
