/**
 * The module API's writes (admin only), all through the schema store (docs/schemas.md):
 *   POST api/module                      new module { title?, table_name, schema, ... }
 *   PUT  api/module/:id                  save { schema, base_version?, confirm?, dry_run?, ... }
 *   GET  api/module/:id/versions         newest first, with schemas
 *   GET  api/module/:id/versions/:ref    one version (id or number)
 *   GET  api/module/:id/diff?from=&to=   what changed between two versions, readable
 *   POST api/module/:id/rollback/:ref    saves that version's schema again: a new version
 *   GET  api/module/:id/export           schema + metadata as one JSON document
 *   POST api/module/import               { file: <an export>, table_name? } into the session's app
 * `schema` may be an object or JSON text. dry_run answers the table sync plan and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { loggedSave } from '../logs/record';
import { schemaSaveProperties, strictObject } from '../http/shapes';
import { ok } from '../reply';
import { saveModule, type SaveInput } from '../schema-store/module-save';
import type { Provenance } from '../schema-store/versions';
import { registerVersionRoutes } from '../schema-store/version-routes';
import { exportModule, importModule } from '../schema-store/transfer';
import { dropCachesOnSchemaChange } from '../schema-store/notify';
import { registerDashboardRoutes } from '../schema-store/dashboard-routes';
import { registerPageOverrideRoutes } from '../schema-store/page-overrides';
import { registerModuleAdminRoutes } from './admin-routes';
import { admin, ID_PARAMS, type IdParams } from '../schema-store/route-params';

export { MAX_VERSIONS_LISTED } from '../schema-store/versions';

const PROVENANCES: readonly Provenance[] = ['designer', 'ai', 'import', 'file'];

/** The properties of a module save: the route schema of each save body. */
const SAVE_PROPERTIES = {
  ...schemaSaveProperties,
  table_name: { type: 'string', description: 'The table the module stores its records in' },
  ai_generated: { enum: [true, false, 0, 1], description: 'Whether the AI generator made this schema' },
  id: { description: 'Ignored: the URL names the record (older clients send it back)' },
  update_at: { description: 'Ignored (older clients send it back)' },
  confirm: { type: 'boolean', description: 'Go ahead with a save whose table change loses data' },
  dry_run: { type: 'boolean', description: 'Answer the table sync plan and change nothing' },
  provenance: { enum: [...PROVENANCES], description: 'Who made this version' },
} as const;

const SAVE_BODY = strictObject(SAVE_PROPERTIES, 'A module schema to save', [
  'title',
  'table_name',
  'ai_generated',
  'id',
  'update_at',
  'base_version',
  'confirm',
  'dry_run',
  'provenance',
]);

/** A save body the route schema has checked (SAVE_PROPERTIES) as the store takes it. */
export function saveInput(body: Record<string, unknown>): Omit<SaveInput, 'id'> {
  const base = body.base_version;
  const provenance = body.provenance;
  return {
    title: typeof body.title === 'string' ? body.title.slice(0, 255) : undefined,
    tableName: body.table_name as string | undefined,
    schema: body.schema,
    aiGenerated: body.ai_generated === true || body.ai_generated === 1,
    baseVersion: typeof base === 'number' ? base : undefined,
    confirm: body.confirm === true,
    dryRun: body.dry_run === true,
    provenance: provenance as Provenance | undefined,
  };
}

export function registerModuleSaveRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const unsubscribe = dropCachesOnSchemaChange(ctx);
  app.addHook('onClose', async () => unsubscribe());
  // Dashboards are stored schemas too: their routes live with the store (schema-store/).
  registerDashboardRoutes(app, ctx);
  registerPageOverrideRoutes(app, ctx);
  // The module admin page's list, checks, soft delete and restore (admin-routes.ts).
  registerModuleAdminRoutes(app, ctx);

  // A new module needs its table: present and not empty.
  const create = {
    ...SAVE_BODY,
    properties: { ...SAVE_PROPERTIES, table_name: { ...SAVE_PROPERTIES.table_name, minLength: 1 } },
    required: ['schema', 'table_name'],
  };
  app.post('/api/module', { schema: { body: create } }, async (request) => {
    const auth = admin(request);
    const result = await saveModule(ctx, auth, saveInput(request.body as Record<string, unknown>));
    return ok(request, await loggedSave(ctx, request, auth, 'module', result));
  });

  app.put('/api/module/:id', { schema: { params: ID_PARAMS, body: SAVE_BODY } }, async (request) => {
    const auth = admin(request);
    const id = (request.params as IdParams).id;
    const result = await saveModule(ctx, auth, { ...saveInput(request.body as Record<string, unknown>), id });
    return ok(request, await loggedSave(ctx, request, auth, 'module', result));
  });

  // A rollback restores retired columns and retires newer ones: it is its own confirmation.
  registerVersionRoutes(app, ctx, 'module', (auth, id, version, baseVersion) =>
    saveModule(ctx, auth, {
      id,
      schema: version.schema,
      rollbackOf: version.id,
      provenance: 'rollback',
      confirm: true,
      baseVersion,
    }),
  );

  app.get('/api/module/:id/export', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, await exportModule(ctx, auth, (request.params as IdParams).id));
  });

  const importBody = strictObject(
    {
      file: { description: 'A module export (GET api/module/:id/export), checked by the store' },
      table_name: { type: 'string', description: 'Another table name for the imported module' },
    },
    'A module export to import into the session’s app',
    ['file', 'table_name'],
  );
  app.post('/api/module/import', { schema: { body: importBody } }, async (request) => {
    const auth = admin(request);
    const { file, table_name: tableName } = request.body as { file?: unknown; table_name?: string };
    const result = await importModule(ctx, auth, file, tableName);
    return ok(request, await loggedSave(ctx, request, auth, 'module', result, 'import'));
  });
}
