/**
 * The HTTP providers (building-blocks §7, platform-shell §7 "generic helpers"):
 * COMMON — list is POST {api}/list with the list-query body; REST — list is GET {api} with the
 * page under currentKey/sizeKey and the search values as query parameters. Both read, create,
 * update and delete the same way: GET/PUT/DELETE {api}/{id}, POST {api}, DELETE {api} {ids}.
 */
import type { RequestFn } from '../../../protocol/http';
import type { ListQuery } from '../../../protocol/list-query';
import { ruleFromCode } from '../../../protocol/list-query';
import type { DataProvider, DataSourceConfig, Row } from './provider';
import { unsupported } from './errors';
import { createTransferCalls } from './transfer';
import { joinUrl, normalizeList, toQuery } from './wire';

type ListArgs = ListQuery & { extraParams?: Record<string, unknown>; exportFields?: unknown };

function apiOf(source: DataSourceConfig): string {
  if (!source.api) throw new Error(`A ${source.kind} data source needs an api`);
  return source.api;
}

/** Everything but list, which differs between COMMON and REST. */
function recordCalls(request: RequestFn, source: DataSourceConfig): Omit<DataProvider, 'list'> {
  const api = apiOf(source);
  return {
    get: (id) => request<Row>({ method: 'GET', url: joinUrl(api, id) }),
    create: (values) => request<Row>({ method: 'POST', url: joinUrl(api), body: values }),
    update: (id, values) => request<Row>({ method: 'PUT', url: joinUrl(api, id), body: values }),
    remove: (id) => request({ method: 'DELETE', url: joinUrl(source.deleteUrl ?? api, id) }),
    removeMany: (ids) => request({ method: 'DELETE', url: joinUrl(source.batchDeleteUrl ?? api), body: { ids } }),
  };
}

/**
 * COMMON: the body is the list query as the server validates it. Fixed filters (extraParams of the
 * source or of the call) become EQUAL conditions, because the body has no free-form parameter bag.
 */
export function createCommonProvider(request: RequestFn, source: DataSourceConfig): DataProvider {
  const api = apiOf(source);
  const scoped = <Q extends ListQuery>(query: Q, extraParams?: Record<string, unknown>): Q => {
    const fixed = Object.entries({ ...source.extraParams, ...extraParams })
      .filter(([, v]) => v !== undefined)
      .map(([key, value]) => ({ key, value, rule: 'EQUAL' as const }));
    return fixed.length ? { ...query, querys: [...(query.querys ?? []), ...fixed] } : query;
  };
  const transfer = createTransferCalls(request, api);
  return {
    ...recordCalls(request, source),
    ...transfer,
    // An export covers the same rows as the list, so it carries the same fixed filters.
    export: (args) => transfer.export(scoped(args)),
    async list({ extraParams, exportFields: _drop, ...query }: ListArgs) {
      return normalizeList(await request({ method: 'POST', url: joinUrl(api, 'list'), body: scoped(query, extraParams) }));
    },
  };
}

/**
 * REST: search conditions become plain parameters (key=value; lists comma-joined), since a REST
 * endpoint knows no rules; BETWEEN keeps both ends as "a,b".
 */
export function createRestProvider(request: RequestFn, source: DataSourceConfig): DataProvider {
  const api = apiOf(source);
  return {
    ...recordCalls(request, source),
    async list({ extraParams, querys, isPage, current, pageSize }: ListArgs) {
      const search: Record<string, unknown> = {};
      for (const q of querys ?? []) {
        const rule = ruleFromCode(q.rule);
        if (rule === 'IS_NULL' || rule === 'IS_NOT_NULL') continue;
        search[q.key] = q.value;
      }
      const paging = isPage
        ? { [source.currentKey ?? 'current']: current, [source.sizeKey ?? 'pageSize']: pageSize }
        : {};
      const query = toQuery({ ...source.extraParams, ...extraParams, ...search, ...paging });
      return normalizeList(await request({ method: 'GET', url: joinUrl(api), query }));
    },
  };
}

/** SQL mode reads only: POST common/executeSql { sql } (the server checks it is one read-only statement). */
export function createSqlProvider(request: RequestFn, source: DataSourceConfig): DataProvider {
  const refuse = async (): Promise<never> => {
    throw unsupported('writes or single reads (SQL mode is read-only)');
  };
  return {
    async list() {
      return normalizeList(await request({ method: 'POST', url: 'common/executeSql', body: { sql: source.sql } }));
    },
    get: refuse,
    create: refuse,
    update: refuse,
    remove: refuse,
    removeMany: refuse,
  };
}
