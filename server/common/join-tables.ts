/**
 * Tables a join may name (list and export): those of the registry the caller may read, by the same
 * guard as the URL's table (can()). Anything else answers "no such table", so hidden tables are not
 * confirmed to exist. A joined table is read with the same scope as if it were listed: its app, its
 * visible rows, its own-row rule and its declared data limit (declared-limit.ts).
 */
import type { FastifyRequest } from 'fastify';
import { can } from '../access/can';
import { grantsOf } from '../access/grants';
import type { ServerContext } from '../context';
import type { TableInfo } from '../modules/table-info';
import type { Target } from './access';
import { declaredLimit } from './declared-limit';
import type { Scope } from './query/build';

export class JoinTables {
  private readonly scopes = new Map<TableInfo, Scope>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly request: FastifyRequest,
    private readonly auth: Target['auth'],
  ) {}

  async resolve(name: string): Promise<TableInfo | undefined> {
    const { ctx, auth } = this;
    const table = await ctx.registry.resolve(auth.app, name);
    if (!table) return undefined;
    const grants = await grantsOf(ctx, this.request, auth);
    const decision = can(
      grants,
      'read',
      table.kind === 'module'
        ? { type: 'moduleTable', table: table.name }
        : { type: 'systemTable', table: table.name.slice(ctx.config.tablePrefix.length) },
    );
    if (!decision.allowed) return undefined;
    const dataLimit = await declaredLimit(ctx, auth, table);
    this.scopes.set(table, {
      appId: auth.app.id,
      onlyId: table.ownRowOnly && !auth.isAdmin ? auth.user.id : undefined,
      ...(decision.rows ? { onlyIds: decision.rows } : {}),
      ...(dataLimit.kind === 'none' ? {} : { dataLimit, userTable: ctx.tables.user }),
    });
    return table;
  }

  /** The scope of a table resolve() answered (a table it did not answer matches nothing). */
  scope(table: TableInfo): Scope {
    return this.scopes.get(table) ?? { appId: this.auth.app.id, onlyIds: [] };
  }
}
