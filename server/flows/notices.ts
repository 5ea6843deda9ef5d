/**
 * The in-app message to the starter when an approval is rejected (issue 17, docs/workflow.md),
 * through the messages seam (server/messages/send.ts): written in the rejection's transaction, so
 * it exists exactly when the rejection does; its live event goes out after the commit (the
 * returned publish). Text in the language of the rejecting request; it links to the module's page.
 */
import type { Kysely } from 'kysely';
import type { Lang } from '../../protocol/constants';
import { translate } from '../../protocol/messages/index';
import type { ServerContext } from '../context';
import { flowTables } from '../db/migrations/0025-flows';
import { sendMessage } from '../messages/send';
import type { InstanceRow } from './instances';

export async function noticeRejected(
  ctx: ServerContext,
  trx: Kysely<any>,
  inst: InstanceRow,
  rejectedBy: string,
  comment: string | undefined,
  lang: Lang,
): Promise<() => Promise<void>> {
  const flow = await trx
    .selectFrom(flowTables(ctx.config.tablePrefix).flow)
    .select('name')
    .where('id', '=', inst.flow_id)
    .executeTakeFirst();
  const module = await trx
    .selectFrom(ctx.tables.module)
    .select('id')
    .where('app_id', '=', inst.app_id)
    .where('table_name', '=', inst.module)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const name = String(flow?.name ?? inst.module);
  const sent = await sendMessage(trx, ctx, {
    appId: inst.app_id,
    to: { userIds: [inst.starter_id] },
    title: translate(lang, 'flows.rejectedTitle', { flow: name }),
    body: translate(lang, 'flows.rejectedNotice', {
      title: name,
      comment: comment?.trim() || translate(lang, 'flows.noComment'),
    }),
    link: module ? `common/${String(module.id)}` : 'backlog',
    source: 'flow',
    senderId: rejectedBy,
  });
  return sent.publish;
}
