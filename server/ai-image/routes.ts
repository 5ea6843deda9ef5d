/**
 * The image studio's calls (ai-and-widgets §7, docs/ai.md "Image studio"), for every signed-in
 * user, on their own tasks only (the app and user come from the session):
 *   POST   /api/module/draw/task/createTask/:drawApiKey      the form, or { originalTaskDrawId, drawType, index }
 *   DELETE /api/module/draw/task/baseDeleteByIds/:id
 *   GET    /api/module/draw/task/userTaskList?page&size       (and …/userTaskList/mj) newest first
 *   GET    /api/module/draw/task/getMjCacheImage?mjWebTaskId  [{ schedule, imgUrl, sessionInfoDrawId, taskStatus }]
 *   GET    /api/BaiDu/trans?q                                 the prompt in English (through the chat model)
 *   POST   /api/common/uploadImage                            a PNG/JPG reference image (multipart)
 * and, for admins, the drawing services (the ai/draw page): /api/aiDrawProviders like /api/aiModels.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DrawApiKey, DrawForm } from '../../protocol/ai-image';
import { DRAW_LIMITS } from '../../protocol/ai-image';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { forbidden, badRequest } from '../errors';
import { checkFile, cleanFileName, readUpload } from '../files/library';
import { recordOperation } from '../logs/record';
import { langOf, ok } from '../reply';
import { limitedBy } from '../rate-limits';
import type { PromptTranslator } from '../ai/translate';
import { REFERENCE_TYPES, urlOfKey, type DrawImages } from './images';
import type { DrawProviderInput, DrawProviderStore } from './provider-store';
import {
  CREATE_BODY,
  IDS_BODY,
  KEY_PARAMS,
  LIST_QUERY,
  PROGRESS_QUERY,
  PROVIDER_BODY,
  PROVIDER_LIST_QUERY,
  TASK_PARAMS,
  TRANS_QUERY,
} from './shapes';
import { taskView, type Owner } from './task-store';
import type { ChangeBody, DrawTasks } from './tasks';
import type { OutboundPolicy } from '../net/outbound';

const REFERENCE_MAX_BYTES = 10 * 1024 * 1024;

const ownerOf = (request: FastifyRequest): Owner => {
  const auth = requireAuth(request);
  return { appId: auth.app.id, userId: auth.user.id };
};

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

export interface StudioParts {
  tasks: DrawTasks;
  providers: DrawProviderStore;
  images: DrawImages;
  translator: PromptTranslator;
  policy: OutboundPolicy;
}

export function registerStudioRoutes(app: FastifyInstance, ctx: ServerContext, parts: StudioParts): void {
  const { tasks, providers, images, translator, policy } = parts;

  app.post(
    '/api/module/draw/task/createTask/:drawApiKey',
    { schema: { params: KEY_PARAMS, body: CREATE_BODY } },
    async (request) => {
      const key = (request.params as { drawApiKey: DrawApiKey }).drawApiKey;
      const row = await tasks.create(ownerOf(request), key, request.body as DrawForm | ChangeBody, langOf(request));
      return ok(request, taskView(row));
    },
  );

  app.delete('/api/module/draw/task/baseDeleteByIds/:id', { schema: { params: TASK_PARAMS } }, async (request) => {
    await tasks.remove(ownerOf(request), (request.params as { id: string }).id);
    return ok(request, null);
  });

  const history = async (request: FastifyRequest) => {
    const { page = 1, size = DRAW_LIMITS.pageSize } = request.query as { page?: number; size?: number };
    const rows = await tasks.history(ownerOf(request), page, size);
    return ok(request, rows.map(taskView));
  };
  app.get('/api/module/draw/task/userTaskList', { schema: { querystring: LIST_QUERY } }, history);
  app.get('/api/module/draw/task/userTaskList/mj', { schema: { querystring: LIST_QUERY } }, history);

  app.get('/api/module/draw/task/getMjCacheImage', { schema: { querystring: PROGRESS_QUERY } }, async (request) => {
    const { mjWebTaskId } = request.query as { mjWebTaskId: string };
    return ok(request, await tasks.progress(ownerOf(request), mjWebTaskId, langOf(request)));
  });

  app.get('/api/BaiDu/trans', { schema: { querystring: TRANS_QUERY } }, async (request) => {
    const owner = ownerOf(request);
    const { q } = request.query as { q: string };
    return ok(request, await translator.translate(owner.appId, q, DRAW_LIMITS.promptMax));
  });

  // Encapsulated: only this route parses multipart bodies (like the file API's upload).
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REFERENCE_MAX_BYTES, files: 1 } });
    scope.post(
      '/api/common/uploadImage',
      { config: { envelope: 'optional', ...limitedBy('upload') } },
      async (request) => {
        const owner = ownerOf(request);
        const upload = await readUpload(request, REFERENCE_MAX_BYTES);
        const name = cleanFileName(upload.filename);
        const ext = (name.split('.').pop() ?? '').toLowerCase();
        if (!(REFERENCE_TYPES as readonly string[]).includes(ext)) throw badRequest('aiImg.referenceType');
        const refusal = checkFile(ext, upload.data, [...REFERENCE_TYPES]);
        if (refusal) throw badRequest('aiImg.referenceType');
        const key = await images.put(
          owner.appId,
          owner.userId,
          upload.data,
          ext === 'jpeg' ? 'jpg' : ext,
          name.replace(/\.[^.]*$/, ''),
        );
        return ok(request, {
          url: urlOfKey(key),
          name,
          size: upload.data.length,
          type: ext === 'png' ? 'image/png' : 'image/jpeg',
        });
      },
    );
  });

  // ---- the drawing services (admins) ----
  const logged = (request: FastifyRequest, auth: RequestAuth, id: string, before?: object, after?: object) =>
    recordOperation(ctx, ctx.db.db, request, {
      appId: auth.app.id,
      userId: auth.user.id,
      action: 'admin-change',
      table: 'ai_draw_provider',
      recordId: id,
      before: before as Record<string, unknown> | undefined,
      after: after as Record<string, unknown> | undefined,
    });

  app.get('/api/aiDrawProviders', { schema: { querystring: PROVIDER_LIST_QUERY } }, async (request) => {
    const auth = admin(request);
    const {
      current = 1,
      pageSize = 10,
      draw_type,
    } = request.query as {
      current?: number;
      pageSize?: number;
      draw_type?: string;
    };
    const rows = (await providers.list(auth.app.id)).filter((row) => !draw_type || row.draw_type === draw_type);
    const start = (current - 1) * pageSize;
    return ok(request, {
      list: rows.slice(start, start + pageSize).map((row) => providers.view(row)),
      total: rows.length,
    });
  });

  app.get('/api/aiDrawProviders/:id', { schema: { params: TASK_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, providers.view(await providers.get(auth.app.id, (request.params as { id: string }).id)));
  });

  app.post('/api/aiDrawProviders', { schema: { body: PROVIDER_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const view = providers.view(
      await providers.create(auth.app.id, auth.user.id, request.body as DrawProviderInput, policy),
    );
    await logged(request, auth, String(view.id), undefined, view);
    return ok(request, view);
  });

  app.put(
    '/api/aiDrawProviders/:id',
    { schema: { params: TASK_PARAMS, body: PROVIDER_BODY('update') } },
    async (request) => {
      const auth = admin(request);
      const { id } = request.params as { id: string };
      const before = providers.view(await providers.get(auth.app.id, id));
      const view = providers.view(
        await providers.update(auth.app.id, auth.user.id, id, request.body as DrawProviderInput, policy),
      );
      await logged(request, auth, id, before, view);
      return ok(request, view);
    },
  );

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const auth = admin(request);
    await providers.remove(auth.app.id, ids);
    for (const id of ids) await logged(request, auth, id, { id });
    return ok(request, null);
  };
  app.delete('/api/aiDrawProviders/:id', { schema: { params: TASK_PARAMS } }, (request) =>
    remove(request, [(request.params as { id: string }).id]),
  );
  app.delete('/api/aiDrawProviders', { schema: { body: IDS_BODY } }, (request) =>
    remove(request, (request.body as { ids: string[] }).ids),
  );
}
