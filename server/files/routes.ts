/**
 * The file API (platform-shell §7, DESIGN §6):
 * - POST api/files/upload — one multipart file, at most maxBytes; its type must be in the server's
 *   table and in the caller's accept list (?accept=png,jpg), and its bytes must match the type.
 *   Stored under a server-generated key; answers { url: 'api/files/download/<key>', name, size, type }.
 * - GET api/files/download/:key — the bytes as an attachment (RFC 5987 name), nosniff, an inert
 *   Content-Type, only to signed-in users of the app that stored it (others get 404). Streamed from
 *   the storage, with single byte ranges (206, 416; range.ts).
 * - GET api/ThirdApi/qiniu/qnToken?bucket= — a Qiniu upload token for the app's cloud bucket.
 * Both file routes take unsealed requests: multipart bodies are never sealed (docs/envelope.md),
 * and a download carries no data.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
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
import { parseRange } from './range';
import { LocalStorage, type StorageProvider } from './storage';
import { storageFailure } from './storage-errors';
import { FileStore } from './store';
import { strictObject } from '../http/shapes';
import { checkFile, kindOf, safeContentType } from './types';
import { limitedBy } from '../rate-limits';

export const UPLOAD_PATH = '/api/files/upload';
export const DOWNLOAD_PREFIX = 'api/files/download/';
const KEY = /^[0-9a-f]{32}$/;

const fileNotFound = () => new ApiError(ResultCode.NOT_FOUND, 'error.notFound', {}, 404);

export interface FileRoutesOptions {
  config: FilesConfig;
  /** Default: local disk under config.root. */
  storage?: StorageProvider;
}

const MB = 1024 * 1024;

/** The app's allowed extensions, lower case ([] = only the built-in rules). */
const uploadTypes = (text: string) =>
  text
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean);

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export async function readUpload(request: FastifyRequest, maxBytes: number) {
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

const UPLOAD_QUERY = strictObject(
  { accept: { type: 'string', maxLength: 512, description: 'Allowed extensions or MIME types, comma separated' } },
  'What the upload widget accepts',
  ['accept'],
);
const TOKEN_QUERY = strictObject(
  { bucket: { type: 'string', maxLength: 128, description: 'The bucket (default: the app’s upload bucket)' } },
  'Which cloud bucket to upload to',
  ['bucket'],
);

export function registerFileRoutes(app: FastifyInstance, ctx: ServerContext, options: FileRoutesOptions): void {
  const { config } = options;
  const storage = options.storage ?? new LocalStorage(config.root);
  const store = new FileStore(ctx.db.db, ctx.config.tablePrefix);

  // Encapsulated: only these routes parse multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: config.maxBytes, files: 1 } });

    const uploadRoute = {
      config: { envelope: 'optional', ...limitedBy('upload') },
      schema: { querystring: UPLOAD_QUERY },
    } as const;
    scope.post(UPLOAD_PATH, uploadRoute, async (request) => {
      const auth = requireAuth(request);
      const accept = parseAccept((request.query as { accept?: string }).accept);
      // The app's upload settings (docs/settings.md) narrow the server's own limits, never widen them.
      const settings = await ctx.settings.get(auth.app.id);
      const upload = await readUpload(request, Math.min(config.maxBytes, settings.upload_max_mb * MB));
      const name = cleanFileName(upload.filename);
      const ext = extensionOf(name);
      const allowed = uploadTypes(settings.upload_types);
      if (allowed.length && !allowed.includes(ext))
        throw badRequest('sys.uploadTypeRefused', { types: allowed.join(', ') });
      const refusal = checkFile(ext, upload.data, accept);
      if (refusal) throw badRequest(refusal);
      const key = newId();
      const mime = safeContentType(ext);
      try {
        await storage.put(auth.app.id, key, upload.data, { ext, mime });
      } catch (error) {
        // The storage removed any partial bytes; no row is written, so nothing points at them.
        const answer = storageFailure(error);
        if (!answer) throw error;
        request.log.error({ err: error, storage: storage.name }, 'file storage refused an upload');
        throw answer;
      }
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
      const range = parseRange(request.headers.range, row.size);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${row.size}`).header('accept-ranges', 'bytes').send();
      }
      const part = range.kind === 'partial' ? range.range : undefined;
      const headers = {
        'content-type': safeContentType(row.ext),
        'content-disposition': attachmentDisposition(row.name),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
        'accept-ranges': 'bytes',
        'content-length': String(part ? part.end - part.start + 1 : row.size),
      };
      const answer = (body: Readable) => {
        if (part) reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${row.size}`);
        return reply.headers(headers).send(body);
      };
      // HEAD (Fastify answers it with this handler): the headers from the row, without fetching an
      // object whose bytes Fastify would read to the end and throw away. An empty stream, because
      // for an empty body Fastify's HEAD hook would set Content-Length: 0.
      if (request.method === 'HEAD') return answer(Readable.from([]));
      let stream;
      try {
        stream = await storage.get(auth.app.id, key, part);
      } catch (error) {
        const failure = storageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: error, storage: storage.name }, 'file storage refused a download');
        throw failure;
      }
      if (!stream) throw fileNotFound();
      // The storage's stream is piped to the socket as it arrives: never buffered whole.
      return answer(stream);
    },
  );

  app.get('/api/ThirdApi/qiniu/qnToken', { schema: { querystring: TOKEN_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const upload = parseUploadConfig(auth.app.upload_config);
    const asked = (request.query as { bucket?: string }).bucket;
    const bucket = asked ? asked : upload.bucket;
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
