/**
 * The file API (platform-shell §7, DESIGN §6):
 * - POST api/files/upload — one multipart file, at most maxBytes; its type must be in the server's
 *   table and in the caller's accept list (?accept=png,jpg), and its bytes must match the type.
 *   Stored under a server-generated key; answers { url: 'api/files/download/<key>', name, size, type }.
 * - GET api/files/download/:key — the bytes as an attachment (RFC 5987 name), nosniff, an inert
 *   Content-Type, only to signed-in users of the app that stored it (others get 404).
 * - GET api/ThirdApi/qiniu/qnToken?bucket= — a Qiniu upload token for the app's cloud bucket.
 * Both file routes take unsealed requests: multipart bodies are never sealed (docs/envelope.md),
 * and a download carries no data.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { extensionOf, parseAccept } from '../../runtime/core/upload/accept';
import { parseUploadConfig } from '../../runtime/core/upload/uploader';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { ApiError, badRequest } from '../errors';
import { ok } from '../reply';
import type { FilesConfig } from './config';
import { attachmentDisposition, cleanFileName, formatBytes } from './names';
import { isQiniuRegion, uploadHost, uploadTokenFor } from './qiniu';
import { LocalStorage, type StorageProvider } from './storage';
import { FileStore } from './store';
import { checkFile, kindOf, safeContentType } from './types';

export const UPLOAD_PATH = '/api/files/upload';
export const DOWNLOAD_PREFIX = 'api/files/download/';
const KEY = /^[0-9a-f]{32}$/;

const fileNotFound = () => new ApiError(ResultCode.NOT_FOUND, 'error.notFound', {}, 404);

export interface FileRoutesOptions {
  config: FilesConfig;
  /** Default: local disk under config.root. */
  storage?: StorageProvider;
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

async function readUpload(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw badRequest('upload.noFile');
  let upload: { filename: string; data: Buffer } | undefined;
  try {
    // Every part is read, so a second file is noticed (and refused) instead of silently dropped.
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } })) {
      if (part.type !== 'file') continue;
      if (upload) throw badRequest('upload.tooMany', { max: 1 });
      upload = { filename: part.filename, data: await part.toBuffer() };
    }
  } catch (error) {
    if (isCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw badRequest('upload.tooLarge', { max: formatBytes(maxBytes) });
    if (isCode(error, 'FST_FILES_LIMIT') || isCode(error, 'FST_PARTS_LIMIT')) {
      throw badRequest('upload.tooMany', { max: 1 });
    }
    if (error instanceof ApiError) throw error;
    // A malformed multipart body (cut short, bad boundary) is the client's fault, not a server error.
    throw badRequest('error.badRequest');
  }
  if (!upload) throw badRequest('upload.noFile');
  return upload;
}

export function registerFileRoutes(app: FastifyInstance, ctx: ServerContext, options: FileRoutesOptions): void {
  const { config } = options;
  const storage = options.storage ?? new LocalStorage(config.root);
  const store = new FileStore(ctx.db.db, ctx.config.tablePrefix);

  // Encapsulated: only these routes parse multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: config.maxBytes, files: 1 } });

    scope.post(UPLOAD_PATH, { config: { envelope: 'optional' } }, async (request) => {
      const auth = requireAuth(request);
      const query = (request.query ?? {}) as Record<string, unknown>;
      const accept = parseAccept(typeof query.accept === 'string' ? query.accept : undefined);
      const upload = await readUpload(request, config.maxBytes);
      const name = cleanFileName(upload.filename);
      const ext = extensionOf(name);
      const refusal = checkFile(ext, upload.data, accept);
      if (refusal) throw badRequest(refusal);
      const key = newId();
      const mime = safeContentType(ext);
      await storage.put(auth.app.id, key, upload.data, { ext, mime });
      try {
        await store.insert(
          { id: key, app_id: auth.app.id, name, ext, mime, size: upload.data.length, storage: storage.name },
          auth.user.id,
          ctx.now(),
        );
      } catch (error) {
        // No orphan bytes: a file without its row could never be served or cleaned up.
        await storage.remove(auth.app.id, key).catch(() => undefined);
        throw error;
      }
      return ok(request, { url: `${DOWNLOAD_PREFIX}${key}`, name, size: upload.data.length, type: kindOf(ext)!.mime });
    });
  });

  app.get<{ Params: { key: string } }>(
    '/api/files/download/:key',
    { config: { envelope: 'optional' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const key = request.params.key;
      if (!KEY.test(key)) throw fileNotFound();
      const row = await store.find(auth.app.id, key);
      if (!row) throw fileNotFound();
      const stream = await storage.get(auth.app.id, key);
      if (!stream) throw fileNotFound();
      return reply
        .header('content-type', safeContentType(row.ext))
        .header('content-disposition', attachmentDisposition(row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('content-length', String(row.size))
        .send(stream);
    },
  );

  app.get('/api/ThirdApi/qiniu/qnToken', async (request) => {
    const auth = requireAuth(request);
    const upload = parseUploadConfig(auth.app.upload_config);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const bucket = typeof query.bucket === 'string' && query.bucket !== '' ? query.bucket : upload.bucket;
    // Tokens only for the app's own cloud bucket: a user cannot get one for another bucket.
    if (Number(upload.position) !== 2 || !upload.bucket || bucket !== upload.bucket) {
      throw badRequest('upload.configInvalid');
    }
    if (!config.qiniu) throw badRequest('upload.cloudNotConfigured');
    const region = upload.region || 'z0';
    if (!isQiniuRegion(region)) throw badRequest('upload.cloudRegionInvalid');
    const { token, expiresAt } = uploadTokenFor(config.qiniu, {
      bucket,
      appId: auth.app.id,
      nowMs: ctx.now(),
      ttlSeconds: config.qiniuTokenTtl,
      maxBytes: config.maxBytes,
    });
    return ok(request, {
      token,
      uploadUrl: uploadHost(region, config.qiniuUploadUrl),
      region,
      bucket,
      domain: upload.domain ?? null,
      expiresAt,
    });
  });
}
