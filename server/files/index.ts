/**
 * The file API's one entry point for buildApp: configuration from the environment (FILES_DIR,
 * FILES_MAX_BYTES, FILES_STORAGE, QINIU_*, S3_*; see config.ts) and the routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { loadFilesConfig, type FilesConfig } from './config';
import { isQiniuRegion, uploadHost } from './qiniu';
import { QiniuStorage } from './qiniu-storage';
import { registerFileRoutes } from './routes';
import { S3Storage } from './s3-storage';
import { LocalStorage, type StorageProvider } from './storage';

export function storageFor(config: FilesConfig, now: () => number): StorageProvider {
  if (config.s3) return new S3Storage(config.s3);
  const cloud = config.serverBucket;
  if (!cloud || !config.qiniu || !isQiniuRegion(cloud.region)) return new LocalStorage(config.root);
  return new QiniuStorage({
    credentials: config.qiniu,
    bucket: cloud.bucket,
    uploadUrl: uploadHost(cloud.region, config.qiniuUploadUrl),
    downloadUrl: cloud.downloadUrl,
    rsUrl: cloud.rsUrl,
    now,
  });
}

export function registerFiles(app: FastifyInstance, ctx: ServerContext, env: NodeJS.ProcessEnv = process.env): void {
  const config = loadFilesConfig(env, ctx.config.dataDir);
  const storage = storageFor(config, ctx.now);
  registerFileRoutes(app, ctx, { config, storage });
  if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.close());
}
