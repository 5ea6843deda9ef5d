/**
 * The file library's entry point for buildApp (docs/resource.md): the file API's configuration and
 * storage (the same provider the file API uses, server/files/library.ts) and the quota.
 */
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config';
import type { ServerContext } from '../context';
import { loadFilesConfig, storageFor } from '../files/library';
import { registerResourceRoutes } from './routes';

/** RESOURCE_QUOTA_MB: bytes of live files each app may keep in its library, default 1024 MB. */
export const DEFAULT_QUOTA_MB = 1024;

export function quotaBytesOf(env: NodeJS.ProcessEnv): number {
  const raw = env.RESOURCE_QUOTA_MB?.trim();
  if (!raw) return DEFAULT_QUOTA_MB * 1024 * 1024;
  if (!/^\d{1,7}(\.\d{1,6})?$/.test(raw) || Number(raw) <= 0)
    throw new ConfigError('RESOURCE_QUOTA_MB', `Invalid RESOURCE_QUOTA_MB="${raw}": expected a positive number of MB.`);
  return Math.floor(Number(raw) * 1024 * 1024);
}

export function registerResources(
  app: FastifyInstance,
  ctx: ServerContext,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const files = loadFilesConfig(env, ctx.config.dataDir);
  registerResourceRoutes(app, ctx, { files, storage: storageFor(files, ctx.now), quotaBytes: quotaBytesOf(env) });
}
