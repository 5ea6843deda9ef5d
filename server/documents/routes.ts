/**
 * The doc and doc/readme pages' server (issue 16 item 8, docs/documents.md); the app always from
 * the session.
 *   GET    /api/documents            admins: the app's tree (entries without bodies)
 *   GET    /api/documents/:id        admins: one document with its markdown
 *   POST   /api/documents            admins: create; PUT /api/documents/:id change; DELETE soft-delete
 *   GET    /api/documents/readme     every signed-in user: { readme, tree } — the readme (or null)
 *                                    and the documents marked public
 *   GET    /api/documents/read/:id   every signed-in user: a public document (or the readme)
 * Writes are in the operation log (title, parent, order and flags; not the body, whose diff would
 * drown the log).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { documentTable } from '../db/migrations/0020-documents';
import { tableNames } from '../db/tables';
import { forbidden } from '../errors';
import { recordOperation } from '../logs/record';
import { ok } from '../reply';
import { DOCUMENT_BODY, ID_PARAMS, IGNORED_KEYS } from './shapes';
import { DocumentStore, type DocumentInput, type DocumentRow } from './store';

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

/** The body without the read-only keys an edit form echoes. */
function input(body: unknown): DocumentInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>))
    if (!IGNORED_KEYS.includes(key)) out[key] = value;
  return out as DocumentInput;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** What the operation log keeps of a document. */
const logged = (row: DocumentRow) => ({
  title: row.title,
  parent_id: row.parent_id,
  sort: Number(row.sort),
  is_public: Number(row.is_public),
  is_readme: Number(row.is_readme),
});

export function registerDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const prefix = ctx.config.tablePrefix;
  const table = documentTable(prefix);
  const store = new DocumentStore(ctx.db.db, table, tableNames(prefix).user, ctx.now);
  const log = (
    request: FastifyRequest,
    auth: RequestAuth,
    action: 'create' | 'update' | 'delete',
    id: string,
    before?: DocumentRow,
    after?: DocumentRow,
  ) =>
    recordOperation(ctx, ctx.db.db, request, {
      appId: auth.app.id,
      userId: auth.user.id,
      action,
      table,
      recordId: id,
      before: before && logged(before),
      after: after && logged(after),
    });

  app.get('/api/documents/readme', async (request) => {
    const auth = requireAuth(request);
    const readme = await store.readme(auth.app.id);
    return ok(request, {
      readme: readme ? await store.view(readme) : null,
      tree: await store.tree(auth.app.id, true),
    });
  });
  app.get('/api/documents/read/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = requireAuth(request);
    return ok(request, await store.view(await store.readable(auth.app.id, idOf(request))));
  });

  app.get('/api/documents', async (request) => {
    const auth = admin(request);
    const list = await store.tree(auth.app.id);
    return ok(request, { list, total: list.length });
  });
  app.get('/api/documents/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, await store.view(await store.get(auth.app.id, idOf(request))));
  });
  app.post('/api/documents', { schema: { body: DOCUMENT_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const row = await store.create(auth.app.id, auth.user.id, input(request.body));
    await log(request, auth, 'create', row.id, undefined, row);
    return ok(request, await store.view(row));
  });
  app.put('/api/documents/:id', { schema: { params: ID_PARAMS, body: DOCUMENT_BODY('update') } }, async (request) => {
    const auth = admin(request);
    const { before, after } = await store.update(auth.app.id, auth.user.id, idOf(request), input(request.body));
    await log(request, auth, 'update', after.id, before, after);
    return ok(request, await store.view(after));
  });
  app.delete('/api/documents/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    const row = await store.remove(auth.app.id, auth.user.id, idOf(request));
    await log(request, auth, 'delete', row.id, row);
    return ok(request, null);
  });
}
