/**
 * GET common/:table: the list in REST mode (building-blocks §7). The page number is read from the
 * query parameter named by `currentKey` (default current), the page size from `sizeKey` (default
 * pageSize); `parentKey` asks for a tree exactly as the POST list does (roots paged, rows nested
 * under `children`, the same server/common/query/tree code), so a tree-select dictionary can use
 * the plain GET; every other parameter is an EQUAL condition on a column of the table (an unknown
 * one is refused, naming it). Answers like the list: { list, total }, always paged.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { badRequest } from '../errors';
import { tableParams } from '../http/shapes';
import { ok } from '../reply';
import { resolveTarget } from './access';
import { listRows } from './list';
import { LIMITS } from './query/limits';

const KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

function single(params: Record<string, unknown>, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('server.invalidValue', { key: key.slice(0, 64) });
  return value;
}

export function restListBody(params: Record<string, unknown>): Record<string, unknown> {
  const currentKey = single(params, 'currentKey') ?? 'current';
  const sizeKey = single(params, 'sizeKey') ?? 'pageSize';
  for (const key of [currentKey, sizeKey])
    if (!KEY.test(key)) throw badRequest('server.invalidValue', { key: 'currentKey' });
  const querys: { key: string; value: string; rule: 'EQUAL' }[] = [];
  for (const key of Object.keys(params)) {
    if (key === 'currentKey' || key === 'sizeKey' || key === 'parentKey' || key === currentKey || key === sizeKey)
      continue;
    if (querys.length >= LIMITS.conditions)
      throw badRequest('server.tooMany', { key: 'querys', max: LIMITS.conditions });
    const value = single(params, key)!;
    querys.push({ key, value, rule: 'EQUAL' });
  }
  // parentKey is checked against the table's columns by the list parser, like every other name.
  const parentKey = single(params, 'parentKey');
  return {
    isPage: true,
    current: single(params, currentKey),
    pageSize: single(params, sizeKey),
    querys,
    ...(parentKey !== undefined ? { parentKey } : {}),
  };
}

export function registerRestList(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/common/:table', { schema: { params: tableParams } }, async (request) => {
    const target = await resolveTarget(ctx, request, 'read');
    const body = restListBody((request.query ?? {}) as Record<string, unknown>);
    return ok(request, await listRows(ctx, request, target, body));
  });
}
