/**
 * The rules of dictionary writes through the common API (docs/dict.md): a type's code has the form
 * a dictApi url can name and never changes once saved (fields point at it); an item's value is
 * unique among the live items of its type; a type with items, or an item still stored in records,
 * is not deleted — the answer says how many records use it and where, and the stored values keep
 * their labels. Every change is published as `dict.changed` so browsers on every instance forget
 * their cached dictionaries (src/pages/SchemaView.tsx).
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context';
import { badRequest } from '../../errors';
import type { Target } from '../access';
import { countDictUsage } from './usage';

/** The form `dictCodeOf` (server/modules/field-defs.ts) accepts in a `dict/<code>` url. */
export const DICT_CODE = /^[A-Za-z0-9_:.-]{1,64}$/;

type Values = Record<string, unknown>;

export function isDictTable(ctx: ServerContext, physical: string): boolean {
  return physical === ctx.tables.dict || physical === ctx.tables.dict_type;
}

function live(trx: Kysely<any>, table: string, appId: string) {
  return trx.selectFrom(table).where('app_id', '=', appId).where('is_deleted', '=', 0);
}

/**
 * Checks a create (id undefined) or update of a dictionary type or item inside the write's
 * transaction; throws a P4000 with a message in the caller's language and nothing is written.
 */
export async function checkDictWrite(
  ctx: ServerContext,
  trx: Kysely<any>,
  target: Target,
  id: string | undefined,
  values: Values,
): Promise<void> {
  const appId = target.scope.appId;
  if (target.table.physical === ctx.tables.dict_type) {
    if ('code' in values && !DICT_CODE.test(String(values.code ?? ''))) throw badRequest('dict.badCode');
    if (id && 'code' in values) {
      const before = await live(trx, ctx.tables.dict_type, appId)
        .select('code')
        .where('id', '=', id)
        .executeTakeFirst();
      if (before && String(before.code) !== String(values.code)) throw badRequest('dict.codeFixed');
    }
    return;
  }
  if (target.table.physical !== ctx.tables.dict) return;
  const before = id
    ? await live(trx, ctx.tables.dict, appId).select(['dict_code', 'value']).where('id', '=', id).executeTakeFirst()
    : undefined;
  const code = String(values.dict_code ?? before?.dict_code ?? '');
  const value = String(values.value ?? before?.value ?? '');
  if (!DICT_CODE.test(code)) throw badRequest('dict.badCode');
  if (!value.trim()) throw badRequest('server.fieldRequired', { field: 'value' });
  let same = live(trx, ctx.tables.dict, appId).select('id').where('dict_code', '=', code).where('value', '=', value);
  if (id) same = same.where('id', '<>', id);
  if (await same.executeTakeFirst()) throw badRequest('dict.duplicateValue', { value, code });
  if (values.parent_id !== undefined && values.parent_id !== null && values.parent_id !== '') {
    const parent = await live(trx, ctx.tables.dict, appId)
      .select('dict_code')
      .where('id', '=', String(values.parent_id))
      .executeTakeFirst();
    if (!parent || String(parent.dict_code) !== code) throw badRequest('dict.badParent');
  }
}

/**
 * Refuses deleting a type that still has items, or an item whose value records still store (the
 * count and the module fields are in the message): deleting it would leave those records showing a
 * bare code. Disabling the item keeps the labels and stops new choices.
 */
export async function checkDictDelete(ctx: ServerContext, trx: Kysely<any>, target: Target, ids: string[]) {
  const appId = target.scope.appId;
  if (target.table.physical === ctx.tables.dict_type) {
    const types = await live(trx, ctx.tables.dict_type, appId).select('code').where('id', 'in', ids).execute();
    for (const type of types) {
      const items = await live(trx, ctx.tables.dict, appId)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('dict_code', '=', String(type.code))
        .executeTakeFirst();
      const count = Number(items?.n ?? 0);
      if (count > 0) throw badRequest('dict.typeHasItems', { code: type.code, count });
    }
    return;
  }
  if (target.table.physical !== ctx.tables.dict) return;
  const items = await live(trx, ctx.tables.dict, appId)
    .select(['dict_code', 'value', 'label'])
    .where('id', 'in', ids)
    .execute();
  for (const item of items) {
    const usage = await countDictUsage(ctx, trx, target.auth.app, String(item.dict_code), String(item.value));
    if (usage.count > 0) {
      throw badRequest('dict.itemInUse', {
        label: item.label ?? item.value,
        count: usage.count,
        where: usage.places.map((p) => `${p.table}.${p.field} (${p.count})`).join(', '),
      });
    }
  }
}

/** The dictionary codes a write touched, read before the write so a delete still knows them. */
export async function dictCodesOf(
  ctx: ServerContext,
  trx: Kysely<any>,
  target: Target,
  ids: string[],
  values: Values = {},
): Promise<string[]> {
  const isType = target.table.physical === ctx.tables.dict_type;
  const column = isType ? 'code' : 'dict_code';
  const codes = new Set<string>();
  if (values[column] !== undefined) codes.add(String(values[column]));
  if (ids.length) {
    const rows = await trx
      .selectFrom(target.table.physical)
      .select(column)
      .where('app_id', '=', target.scope.appId)
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) codes.add(String((row as Values)[column]));
  }
  return [...codes];
}

/** Tells every instance (and through the event stream every browser of the app) to refetch. */
export async function publishDictChanged(ctx: ServerContext, appId: string, codes: string[]): Promise<void> {
  for (const code of codes) await ctx.bus.publish({ type: 'dict.changed', appId, code });
}
