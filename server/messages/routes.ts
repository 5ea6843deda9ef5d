/**
 * The mess page's server (issue 17 item 4, docs/messages.md); the app and the user always from the
 * session.
 *   GET    /api/messages              mine, newest first: { list, total, unread } (?filter=unread|read)
 *   GET    /api/messages/unread       { count } — the shell's badge beside the to-do bell
 *   POST   /api/messages/read         { ids } marked read → { unread }
 *   POST   /api/messages/readAll      every one of mine marked read → { unread }
 *   DELETE /api/messages/:id          my copy deleted → { unread }; POST /api/messages/remove { ids }
 *   POST   /api/messages/send         admins: to users / roles / everyone → { batchId, count }
 *   GET    /api/messages/recipients   admins: the app's users and roles to choose from
 * An admin's send is in the operation log (who, to whom, the title).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { forbidden, notFound } from '../errors';
import { recordOperation } from '../logs/record';
import { ok } from '../reply';
import { Inbox, type InboxFilter } from './inbox';
import { sendMessage, type MessageRecipients } from './send';
import { ID_PARAMS, IDS_BODY, LIST_QUERY, SEND_BODY } from './shapes';
import { messageTable } from '../db/migrations/0026-messages-tasks';

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

export function registerMessageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const inbox = new Inbox(ctx);
  const table = messageTable(ctx.config.tablePrefix);

  app.get('/api/messages', { schema: { querystring: LIST_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as { current?: number; pageSize?: number; filter?: InboxFilter };
    return ok(
      request,
      await inbox.list(auth.app.id, auth.user.id, {
        current: query.current ?? 1,
        pageSize: query.pageSize ?? 10,
        filter: query.filter ?? 'all',
      }),
    );
  });
  app.get('/api/messages/unread', async (request) => {
    const auth = requireAuth(request);
    return ok(request, { count: await inbox.unread(auth.app.id, auth.user.id) });
  });
  app.post('/api/messages/read', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const { ids } = request.body as { ids: string[] };
    return ok(request, { unread: await inbox.markRead(auth.app.id, auth.user.id, ids) });
  });
  app.post('/api/messages/readAll', async (request) => {
    const auth = requireAuth(request);
    return ok(request, { unread: await inbox.markRead(auth.app.id, auth.user.id) });
  });
  app.delete('/api/messages/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = requireAuth(request);
    const { removed, unread } = await inbox.remove(auth.app.id, auth.user.id, [(request.params as { id: string }).id]);
    if (removed === 0) throw notFound();
    return ok(request, { unread });
  });
  app.post('/api/messages/remove', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const { unread } = await inbox.remove(auth.app.id, auth.user.id, (request.body as { ids: string[] }).ids);
    return ok(request, { unread });
  });

  app.post('/api/messages/send', { schema: { body: SEND_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as { to: MessageRecipients; title: string; body?: string; link?: string | null };
    const sent = await ctx.db.db.transaction().execute(async (trx) => {
      const result = await sendMessage(trx, ctx, {
        appId: auth.app.id,
        to: body.to,
        title: body.title,
        body: body.body ?? '',
        link: body.link,
        source: 'admin',
        senderId: auth.user.id,
      });
      await recordOperation(ctx, trx, request, {
        appId: auth.app.id,
        userId: auth.user.id,
        action: 'create',
        table,
        recordId: result.batchId,
        after: { title: body.title.trim(), to: body.to, recipients: result.recipients.length },
      });
      return result;
    });
    await sent.publish();
    return ok(request, { batchId: sent.batchId, count: sent.recipients.length });
  });

  app.get('/api/messages/recipients', async (request) => {
    const auth = admin(request);
    const users = await ctx.db.db
      .selectFrom(ctx.tables.user)
      .select(['id', 'name', 'account'])
      .where('app_id', '=', auth.app.id)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .orderBy('account')
      .limit(2000)
      .execute();
    const roles = await ctx.db.db
      .selectFrom(ctx.tables.role)
      .select(['id', 'name'])
      .where('app_id', '=', auth.app.id)
      .where('is_deleted', '=', 0)
      .orderBy('name')
      .execute();
    return ok(request, {
      users: users.map((u) => ({ id: String(u.id), name: String(u.name ?? u.account), account: String(u.account) })),
      roles: roles.map((r) => ({ id: String(r.id), name: String(r.name ?? r.id) })),
    });
  });
}
