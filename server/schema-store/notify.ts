/**
 * After a committed schema write: publish `schema.changed` on the bus (server/bus), and on every
 * instance — this one included, the bus delivers locally too — drop what was derived from that
 * schema: the app's module tables in the registry (the list parse cache is keyed by those
 * TableInfo objects, so it goes with them). The stream forwards the event to open browsers.
 */
import type { ServerContext } from '../context';
import type { SchemaKind } from '../../protocol/events';

export interface SchemaChange {
  appId: string;
  kind: SchemaKind;
  id: string;
  version: number;
  hash: string;
  /** The module's table, dropped from this instance's registry at once (before the bus delivers). */
  table?: string;
}

export async function notifySchemaChanged(ctx: ServerContext, change: SchemaChange): Promise<void> {
  if (change.table) ctx.registry.invalidate(change.appId, change.table);
  await ctx.bus.publish({
    type: 'schema.changed',
    appId: change.appId,
    kind: change.kind,
    id: change.id,
    version: String(change.version),
    hash: change.hash,
  });
}

/** Every instance drops its cached module tables of the app whose module schema changed. */
export function dropCachesOnSchemaChange(ctx: ServerContext): () => void {
  return ctx.bus.subscribe('schema.changed', (event) => {
    if (event.kind === 'module') ctx.registry.invalidate(event.appId);
  });
}
