/** The common API (platform-shell §7, building-blocks §7): one file per verb. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAggregate } from './aggregate/route';
import { registerCreate } from './create';
import { registerExport } from './export/index';
import { registerImport } from './import/index';
import { registerTemplate } from './template';
import { registerGet } from './get';
import { registerList } from './list';
import { registerRemove } from './remove';
import { registerRemoveMany } from './remove-many';
import { registerRestList } from './rest';
import { registerExecuteSql } from './execute-sql';
import { registerUpdate } from './update';

export function registerCommonRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerList(app, ctx);
  registerAggregate(app, ctx);
  registerRestList(app, ctx);
  registerExecuteSql(app, ctx);
  registerGet(app, ctx);
  registerCreate(app, ctx);
  registerUpdate(app, ctx);
  registerRemove(app, ctx);
  registerRemoveMany(app, ctx);
  registerExport(app, ctx);
  registerImport(app, ctx);
  registerTemplate(app, ctx);
}
