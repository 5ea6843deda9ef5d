/**
 * app.ip_allow_list: the addresses allowed to use an app's API (platform-shell §2, the navbar
 * notice "site blocked for non-whitelisted IPs"). IPv4 / IPv6 addresses and CIDR ranges, one per
 * line or comma-separated; null or empty lets everyone in. Checked by server/access/ip-allow-list.ts,
 * validated on save by server/platform/app-edit.ts. `text` is the same type on all three dialects.
 */
import type { Kysely, Migration } from 'kysely';
import { tableNames } from '../tables';

export function ipAllowList(prefix: string): Migration {
  const table = tableNames(prefix).app;
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable(table).addColumn('ip_allow_list', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable(table).dropColumn('ip_allow_list').execute();
    },
  };
}
