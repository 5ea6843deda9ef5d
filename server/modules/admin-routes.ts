/**
 * Routes of the module admin page (schemas/pages/system/module.json; docs/modules.md), admin only.
 * The page's list is a REST data source on api/modules (GET list, GET one, POST create, DELETE one
 * or many); the rest are its row buttons. Saving, versions, diff, rollback to any version, export
 * and import as JSON stay the store's routes (save-routes.ts).
 *   GET    api/modules?title=&table_name=&is_deleted=&current=&pageSize=   { list, total }
 *   GET    api/modules/check?table_name=                                   { valid, message? }
 *   GET    api/modules/:id                                                 one row + its versions
 *   POST   api/modules                    { title, table_name, add_menu?, menu_* }
 *                                                                          a minimal module (version 1) and its menu entry
 *   POST   api/modules/menu               { ids: [one], menu_* }            a menu entry for a module (menu-entry.ts)
 *   DELETE api/modules/:id, api/modules   { ids }                           soft delete
 *   POST   api/modules/restore            { ids }                           undo the soft delete
 *   POST   api/modules/rollback           { ids: [one] }                    back to the previous version
 *   GET    api/modules/:id/export                                          the export as a file
 */
import type { FastifyInstance } from 'fastify';
import { splitIds } from '../auth/users';
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
import { addModuleMenu, type MenuEntryInput } from './menu-entry';

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

/** The menu entry's parts, as the create dialog's fields and the 加入菜单 body name them. */
const MENU_FIELDS = {
  menu_parent_id: {
    type: ['string', 'null'],
    maxLength: 64,
    description: 'The folder (a type-0 menu) to put the entry in; absent: the folder holding most modules',
  },
  menu_title: { type: ['string', 'null'], maxLength: 200, description: "The entry's title; empty: the module's" },
  menu_sort: { type: ['integer', 'null'], minimum: 0, maximum: 99999, description: 'Its place among its siblings' },
  menu_role_ids: {
    type: ['array', 'string', 'null'],
    maxItems: 100,
    items: recordId,
    maxLength: 6500,
    description:
      'Roles that may see and open it (ids, or comma-joined as the multi-select stores them); empty: the admin role',
  },
} as const;
interface MenuFields {
  menu_parent_id?: string | null;
  menu_title?: string | null;
  menu_sort?: number | null;
  menu_role_ids?: string[] | string | null;
}
const menuInput = (body: MenuFields): MenuEntryInput => ({
  parent_id: body.menu_parent_id,
  title: body.menu_title,
  sort: body.menu_sort,
  role_ids: typeof body.menu_role_ids === 'string' ? splitIds(body.menu_role_ids) : body.menu_role_ids,
});

const CREATE_BODY = strictObject(
  {
    title: text(60, "The module's title"),
    table_name: tableNameText,
    add_menu: { type: ['boolean', 'integer', 'null'], description: 'false or 0: no menu entry (default: one)' },
    ...MENU_FIELDS,
  },
  'A new module: its title and table, and its menu entry',
  ['add_menu', 'menu_parent_id', 'menu_title', 'menu_sort', 'menu_role_ids'],
);

const MENU_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 1, items: recordId, description: 'The module id' }, ...MENU_FIELDS },
  "A module's menu entry (the row button sends its id as ids)",
  ['menu_parent_id', 'menu_title', 'menu_sort', 'menu_role_ids'],
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
    const body = request.body as { title: string; table_name: string; add_menu?: boolean | number | null } & MenuFields;
    const noMenu = body.add_menu === false || body.add_menu === 0;
    const result = await createModule(ctx, auth, { ...body, menu: noMenu ? false : menuInput(body) });
    return ok(request, { id: result.id, version: result.version, hash: result.hash, menu_id: result.menu_id });
  });

  app.post('/api/modules/menu', { schema: { body: MENU_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as { ids: string[] } & MenuFields;
    return ok(request, await addModuleMenu(ctx, auth, body.ids[0], menuInput(body)));
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
