/** The common API (platform-shell §7, building-blocks §7): one file per verb. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerCreate } from './create';
import { registerGet } from './get';
import { registerList } from './list';
import { registerRemove } from './remove';
import { registerRemoveMany } from './remove-many';
import { registerUpdate } from './update';

export function registerCommonRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerList(app, ctx);
  registerGet(app, ctx);
  registerCreate(app, ctx);
  registerUpdate(app, ctx);
  registerRemove(app, ctx);
  registerRemoveMany(app, ctx);
}
