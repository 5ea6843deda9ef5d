/**
 * The in-app message to the starter when an approval is rejected (issue 17 item 4). The message
 * seam (server/messages, branch msgtask) had not landed when flows was built: this is the one
 * call site to connect — send `flows.rejectedNotice` to `inst.starter_id` inside `trx`. Until
 * then the starter learns it from the record's timeline and from the to-do list.
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context';
import type { InstanceRow } from './instances';

export async function noticeRejected(
  _ctx: ServerContext,
  _trx: Kysely<any>,
  _inst: InstanceRow,
  _rejectedBy: string,
  _comment: string | undefined,
): Promise<void> {
  // MESSAGES SEAM: connect server/messages here (see the file comment).
}
