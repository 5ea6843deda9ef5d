/**
 * The file API's one entry point for buildApp: configuration from the environment (FILES_DIR,
 * FILES_MAX_BYTES, QINIU_*; see config.ts) and the routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { loadFilesConfig } from './config';
import { registerFileRoutes } from './routes';

export function registerFiles(app: FastifyInstance, ctx: ServerContext, env: NodeJS.ProcessEnv = process.env): void {
  registerFileRoutes(app, ctx, { config: loadFilesConfig(env, ctx.config.dataDir) });
}
