/**
 * The file library's API (issue 16 item 5, docs/resource.md); admins of the app only, the app and
 * user from the session. Lists speak the REST data provider's shape ({ list, total }).
 *   GET    /api/resources?parentId&keyword&deleted&current&pageSize  a folder, a search, the recycle bin
 *   GET    /api/resources/folders      every live folder (the tree is built by the page)
 *   GET    /api/resources/quota        { used, quota } in bytes
 *   POST   /api/resources/folders      { name, parentId? }
 *   POST   /api/resources/upload?parentId=   one multipart file (the page sends many, one by one)
 *   PUT    /api/resources/:id          { name }  rename
 *   POST   /api/resources/move         { ids, parentId }
 *   DELETE /api/resources              { ids }   soft delete (a folder with everything in it)
 *   POST   /api/resources/restore      { ids }
 * A file's bytes are served by the file API (GET api/files/download/<file_id>: attachment,
 * nosniff, an inert type), so the existing previews read them as they read any uploaded file.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extensionOf } from '../../runtime/core/upload/accept';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { badRequest, forbidden } from '../errors';
import {
  DOWNLOAD_PREFIX,
  FileStore,
  checkFile,
  cleanFileName,
  formatBytes,
  readUpload,
  safeContentType,
  type FilesConfig,
  type StorageProvider,
} from '../files/library';
import { recordOperation, recordOperations, type OperationEntry } from '../logs/record';
import { limitedBy } from '../rate-limits';
import { ok } from '../reply';
import { FOLDER_BODY, IDS_BODY, ID_PARAMS, LIST_QUERY, MOVE_BODY, RENAME_BODY, UPLOAD_QUERY } from './shapes';
import { ResourceStore, subtree, type ResourceRow } from './store';

const MB = 1024 * 1024;
const TABLE = 'resource';

export interface ResourceRouteOptions {
  files: FilesConfig;
  storage: StorageProvider;
  /** Bytes of live files one app may keep (RESOURCE_QUOTA_MB). */
  quotaBytes: number;
}

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  // The page is granted to the admin role only (menu `resource`); the server says the same.
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

/** What the page shows of a row; a file carries the file API's URL the previews understand. */
export function resourceView(row: ResourceRow) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parent_id: row.parent_id,
    ext: row.ext,
    size: row.size,
    url: row.kind === 'file' && row.file_id ? `${DOWNLOAD_PREFIX}${row.file_id}` : null,
    update_by: row.update_by,
    update_at: row.update_at,
    deleted_at: row.deleted_at,
  };
}

/** The values an operation-log entry shows for a row. */
const logged = (row: Pick<ResourceRow, 'kind' | 'name' | 'parent_id' | 'size'>) => ({
  kind: row.kind,
  name: row.name,
  parent_id: row.parent_id,
  ...(row.kind === 'file' ? { size: row.size } : {}),
});

const uploadTypes = (text: string) =>
  text
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean);

export function registerResourceRoutes(app: FastifyInstance, ctx: ServerContext, options: ResourceRouteOptions): void {
  const store = new ResourceStore(ctx.db.db, ctx.config.tablePrefix);
  const { storage, quotaBytes } = options;

  const entry = (
    auth: RequestAuth,
    action: OperationEntry['action'],
    row: ResourceRow,
    before?: object,
    after?: object,
  ) =>
    ({
      appId: auth.app.id,
      userId: auth.user.id,
      action,
      table: TABLE,
      recordId: row.id,
      ...(before ? { before: before as OperationEntry['before'] } : {}),
      ...(after ? { after: after as OperationEntry['after'] } : {}),
    }) satisfies OperationEntry;

  const quotaRefusal = (used: number) =>
    badRequest('resource.quotaExceeded', { quota: formatBytes(quotaBytes), used: formatBytes(used) });

  app.get('/api/resources', { schema: { querystring: LIST_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as {
      parentId?: string;
      keyword?: string;
      deleted?: number;
      current?: number;
      pageSize?: number;
    };
    const page = await store.list(auth.app.id, {
      ...query,
      current: query.current ?? 1,
      pageSize: query.pageSize ?? 20,
    });
    return ok(request, { list: page.list.map(resourceView), total: page.total });
  });

  app.get('/api/resources/folders', async (request) => {
    const auth = admin(request);
    return ok(request, await store.folders(auth.app.id));
  });

  app.get('/api/resources/quota', async (request) => {
    const auth = admin(request);
    return ok(request, { used: await store.usage(auth.app.id), quota: quotaBytes });
  });

  app.post('/api/resources/folders', { schema: { body: FOLDER_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as { name: string; parentId?: string | null };
    const name = body.name.trim();
    const parentId = await store.folder(auth.app.id, body.parentId);
    await store.assertFolderNameFree(auth.app.id, parentId, name);
    const row = await store.transaction(async (trx) => {
      const created = await store.insert(trx, auth.app.id, auth.user.id, ctx.now(), {
        kind: 'folder',
        name,
        parent_id: parentId,
      });
      await recordOperation(ctx, trx, request, entry(auth, 'create', created, undefined, logged(created)));
      return created;
    });
    return ok(request, resourceView(row));
  });

  // Encapsulated: only the upload route parses multipart bodies (as the file API does).
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: options.files.maxBytes, files: 1 } });
    const route = {
      config: { envelope: 'optional', ...limitedBy('upload') },
      schema: { querystring: UPLOAD_QUERY },
    } as const;
    scope.post('/api/resources/upload', route, async (request) => {
      const auth = admin(request);
      const parentId = await store.folder(auth.app.id, (request.query as { parentId?: string }).parentId);
      // The app's upload settings (docs/settings.md) narrow the server's limits, as on the file API.
      const settings = await ctx.settings.get(auth.app.id);
      const upload = await readUpload(request, Math.min(options.files.maxBytes, settings.upload_max_mb * MB));
      const name = cleanFileName(upload.filename);
      const ext = extensionOf(name);
      const allowed = uploadTypes(settings.upload_types);
      if (allowed.length && !allowed.includes(ext))
        throw badRequest('sys.uploadTypeRefused', { types: allowed.join(', ') });
      const refusal = checkFile(ext, upload.data, []);
      if (refusal) throw badRequest(refusal);
      const used = await store.usage(auth.app.id);
      if (used + upload.data.length > quotaBytes) throw quotaRefusal(used);

      const key = newId();
      const now = ctx.now();
      await storage.put(auth.app.id, key, upload.data, { ext, mime: safeContentType(ext) });
      try {
        const row = await store.transaction(async (trx) => {
          await new FileStore(trx, ctx.config.tablePrefix).insert(
            {
              id: key,
              app_id: auth.app.id,
              name,
              ext,
              mime: safeContentType(ext),
              size: upload.data.length,
              storage: storage.name,
            },
            auth.user.id,
            now,
          );
          const created = await store.insert(trx, auth.app.id, auth.user.id, now, {
            kind: 'file',
            name,
            parent_id: parentId,
            file_id: key,
            ext,
            size: upload.data.length,
          });
          await recordOperation(ctx, trx, request, entry(auth, 'create', created, undefined, logged(created)));
          return created;
        });
        return ok(request, resourceView(row));
      } catch (error) {
        // No orphan bytes: a file without its rows could never be served or cleaned up.
        await storage.remove(auth.app.id, key).catch(() => undefined);
        throw error;
      }
    });
  });

  app.put('/api/resources/:id', { schema: { params: ID_PARAMS, body: RENAME_BODY } }, async (request) => {
    const auth = admin(request);
    const row = await store.get(auth.app.id, (request.params as { id: string }).id);
    const name = (request.body as { name: string }).name.trim();
    if (row.kind === 'folder') await store.assertFolderNameFree(auth.app.id, row.parent_id, name, row.id);
    // A file keeps its type: the extension decides how it is checked, served and previewed.
    if (row.kind === 'file' && extensionOf(name) !== row.ext)
      throw badRequest('resource.extensionKept', { ext: row.ext ?? '' });
    const renamed = { ...row, name };
    await store.transaction(async (trx) => {
      await store.update(trx, auth.app.id, [row.id], { name }, auth.user.id, ctx.now());
      // The download's file name follows the library's.
      if (row.kind === 'file' && row.file_id) await store.renameFile(trx, auth.app.id, row.file_id, name);
      await recordOperation(ctx, trx, request, entry(auth, 'update', row, logged(row), logged(renamed)));
    });
    return ok(request, resourceView(await store.get(auth.app.id, row.id)));
  });

  app.post('/api/resources/move', { schema: { body: MOVE_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as { ids: string[]; parentId: string | null };
    const target = await store.folder(auth.app.id, body.parentId);
    const live = await store.all(auth.app.id, 0);
    const byId = new Map(live.map((row) => [row.id, row]));
    const moving = body.ids.map((id) => byId.get(id));
    if (moving.some((row) => !row)) throw badRequest('resource.notFound');
    const rows = moving as ResourceRow[];
    // A folder cannot go into itself or anything under it (that would cut it off from the tree).
    if (
      target &&
      subtree(
        live,
        rows.filter((row) => row.kind === 'folder'),
      ).some((row) => row.id === target)
    )
      throw badRequest('resource.moveIntoItself');
    for (const row of rows)
      if (row.kind === 'folder') await store.assertFolderNameFree(auth.app.id, target, row.name, row.id);
    await store.transaction(async (trx) => {
      await store.update(trx, auth.app.id, body.ids, { parent_id: target }, auth.user.id, ctx.now());
      await recordOperations(
        ctx,
        trx,
        request,
        rows.map((row) => entry(auth, 'update', row, logged(row), logged({ ...row, parent_id: target }))),
      );
    });
    return ok(request, { moved: rows.length });
  });

  app.delete('/api/resources', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    const ids = (request.body as { ids: string[] }).ids;
    const live = await store.all(auth.app.id, 0);
    const roots = live.filter((row) => ids.includes(row.id));
    if (roots.length !== new Set(ids).size) throw badRequest('resource.notFound');
    const gone = subtree(live, roots);
    const now = ctx.now();
    await store.transaction(async (trx) => {
      // One deleted_at for the whole batch: restoring a folder brings back exactly what went with it.
      await store.update(
        trx,
        auth.app.id,
        gone.map((row) => row.id),
        { is_deleted: 1, deleted_at: now },
        auth.user.id,
        now,
      );
      await store.markFiles(trx, auth.app.id, gone, 1, now);
      await recordOperations(
        ctx,
        trx,
        request,
        roots.map((row) => entry(auth, 'delete', row, logged(row))),
      );
    });
    return ok(request, { deleted: gone.length });
  });

  app.post('/api/resources/restore', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    const ids = (request.body as { ids: string[] }).ids;
    const deleted = await store.all(auth.app.id, 1);
    const roots = deleted.filter((row) => ids.includes(row.id));
    if (roots.length !== new Set(ids).size) throw badRequest('resource.notFound');
    const back = subtree(deleted, roots, (child, parent) => child.deleted_at === parent.deleted_at);
    const used = await store.usage(auth.app.id);
    const adding = back.reduce((sum, row) => sum + (row.kind === 'file' ? row.size : 0), 0);
    if (used + adding > quotaBytes) throw quotaRefusal(used);
    const liveFolders = new Set((await store.folders(auth.app.id)).map((row) => row.id));
    const backIds = new Set(back.map((row) => row.id));
    const now = ctx.now();
    await store.transaction(async (trx) => {
      await store.update(trx, auth.app.id, [...backIds], { is_deleted: 0, deleted_at: null }, auth.user.id, now);
      // An item whose folder is still deleted comes back at the root rather than out of sight.
      const orphans = roots.filter(
        (row) => row.parent_id && !liveFolders.has(row.parent_id) && !backIds.has(row.parent_id),
      );
      await store.update(
        trx,
        auth.app.id,
        orphans.map((row) => row.id),
        { parent_id: null },
        auth.user.id,
        now,
      );
      await store.markFiles(trx, auth.app.id, back, 0, now);
      await recordOperations(
        ctx,
        trx,
        request,
        roots.map((row) => entry(auth, 'update', row, { is_deleted: true }, { is_deleted: false })),
      );
    });
    return ok(request, { restored: back.length });
  });
}
