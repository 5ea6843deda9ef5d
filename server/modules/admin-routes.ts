/**
 * Routes of the module admin page (schemas/pages/system/module.json; docs/modules.md), admin only.
 * The page's list is a REST data source on api/modules (GET list, GET one, POST create, DELETE one
 * or many); the rest are its row buttons. Saving, versions, diff, rollback to any version, export
 * and import as JSON stay the store's routes (save-routes.ts).
 *   GET    api/modules?title=&table_name=&is_deleted=&current=&pageSize=   { list, total }
 *   GET    api/modules/check?table_name=                                   { valid, message? }
 *   GET    api/modules/:id                                                 one row + its versions
 *   POST   api/modules                    { title, table_name }             a minimal module (version 1)
 *   DELETE api/modules/:id, api/modules   { ids }                           soft delete
 *   POST   api/modules/restore            { ids }                           undo the soft delete
 *   POST   api/modules/rollback           { ids: [one] }                    back to the previous version
 *   GET    api/modules/:id/export                                          the export as a file
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { recordId, strictObject, text } from '../http/shapes';
import { langOf, ok } from '../reply';
import { translate } from '../../protocol/messages/index';
import { MAX_MODULE_TABLE_LENGTH } from '../../protocol/module-table';
import { admin, ID_PARAMS, type IdParams } from '../schema-store/route-params';
import { exportModule } from '../schema-store/transfer';
import {
  createModule,
  listModules,
  moduleDetail,
  rollbackOneStep,
  setModulesDeleted,
  tableNameProblem,
  type ModuleListQuery,
} from './admin';

/** The table name as typed: its rules are checked by the handler, so each failure has its own message. */
const tableNameText = {
  type: 'string',
  maxLength: 200,
  description: `The new module's table: lower-case letters, digits and _, from a letter, at most ${MAX_MODULE_TABLE_LENGTH}`,
} as const;

const LIST_QUERY = strictObject(
  {
    title: { type: 'string', maxLength: 255, description: 'Part of the title' },
    table_name: { type: 'string', maxLength: 200, description: 'Part of the table name' },
    is_deleted: { type: 'integer', enum: [0, 1], description: '1: the deleted modules (default 0: the live ones)' },
    current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 200, description: 'Rows per page' },
  },
  "The module list's search and page",
  ['title', 'table_name', 'is_deleted', 'current', 'pageSize'],
);

const CHECK_QUERY = strictObject({ table_name: tableNameText }, 'The table name to check');

const CREATE_BODY = strictObject(
  { title: text(60, "The module's title"), table_name: tableNameText },
  'A new module: its title and table',
);

const IDS_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 100, items: recordId, description: 'Module ids' } },
  'The modules addressed',
);

export function registerModuleAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/modules', { schema: { querystring: LIST_QUERY } }, async (request) =>
    ok(request, await listModules(ctx, admin(request), request.query as ModuleListQuery)),
  );

  // Answers a verdict rather than an error, so the create form can show it under the field as you type.
  app.get('/api/modules/check', { schema: { querystring: CHECK_QUERY } }, async (request) => {
    const auth = admin(request);
    const problem = await tableNameProblem(ctx, auth, (request.query as { table_name: string }).table_name);
    const lang = langOf(request);
    return ok(
      request,
      problem
        ? { valid: false, reason: problem.key, message: translate(lang, problem.key, problem.vars) }
        : { valid: true, message: translate(lang, 'moduleAdmin.tableOk') },
    );
  });

  app.get('/api/modules/:id', { schema: { params: ID_PARAMS } }, async (request) =>
    ok(request, await moduleDetail(ctx, admin(request), (request.params as IdParams).id)),
  );

  app.post('/api/modules', { schema: { body: CREATE_BODY } }, async (request) => {
    const auth = admin(request);
    const result = await createModule(ctx, auth, request.body as { title: string; table_name: string });
    return ok(request, { id: result.id, version: result.version, hash: result.hash });
  });

  app.delete('/api/modules/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    const { count } = await setModulesDeleted(ctx, auth, [(request.params as IdParams).id], true);
    return ok(request, { count });
  });

  app.delete('/api/modules', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    return ok(request, await setModulesDeleted(ctx, auth, (request.body as { ids: string[] }).ids, true));
  });

  app.post('/api/modules/restore', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    return ok(request, await setModulesDeleted(ctx, auth, (request.body as { ids: string[] }).ids, false));
  });

  app.post('/api/modules/rollback', { schema: { body: IDS_BODY } }, async (request) => {
    const auth = admin(request);
    const { ids } = request.body as { ids: string[] };
    if (ids.length !== 1) throw badRequest('moduleAdmin.oneAtATime');
    const result = await rollbackOneStep(ctx, auth, ids[0]);
    return ok(request, { id: result.id, version: result.version, hash: result.hash, diff: result.diff });
  });

  // A file, not a JSON answer: the page's download button saves it (and the envelope leaves files as they are).
  app.get('/api/modules/:id/export', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const auth = admin(request);
    const file = await exportModule(ctx, auth, (request.params as IdParams).id);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${file.module.table_name}.tessera-module.json"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(file, null, 2));
  });
}
