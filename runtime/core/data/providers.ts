/**
 * providerFor: the data-source kind → implementation table (DESIGN §2.2). A lookup table rather
 * than a switch, so a kind is added in one place. USER, DEPT and ROLE are COMMON providers over
 * the system tables; STATIC and DICT filter and page in memory with the list-query engine.
 */
import { DEFAULT_TABLE_PREFIX } from '../../../protocol/constants';
import type { RequestFn } from '../../../protocol/http';
import type { DataSourceKind } from '../../../protocol/page-schema';
import { unsupported } from './errors';
import { createCommonProvider, createRestProvider, createSqlProvider } from './http';
import { createMemoryProvider } from './memory';
import type { DataProvider, DataSourceConfig, DictLoader } from './provider';
import { applyListQuery } from './query-engine';

export interface ProviderDeps {
  request: RequestFn;
  loadDict: DictLoader;
  /** System-table prefix of the server (default tessera_sys_). */
  tablePrefix?: string;
}

type Factory = (source: DataSourceConfig, deps: ProviderDeps) => DataProvider;

const systemTable =
  (name: string): Factory =>
  (source, deps) =>
    createCommonProvider(deps.request, {
      ...source,
      api: source.api ?? `common/${deps.tablePrefix ?? DEFAULT_TABLE_PREFIX}${name}`,
    });

/** A dictionary as a read-only list: its items are the rows. */
function createDictProvider(source: DataSourceConfig, deps: ProviderDeps): DataProvider {
  if (!source.api) throw new Error('A DICT data source needs an api');
  const refuse = async (): Promise<never> => {
    throw unsupported('changes to a dictionary from a list');
  };
  return {
    async list({ extraParams: _x, ...query }) {
      const items = await deps.loadDict({ url: source.api!, params: source.extraParams });
      return { code: '200', message: 'success', data: applyListQuery(items, query, { idKey: 'value' }) };
    },
    get: refuse,
    create: refuse,
    update: refuse,
    remove: refuse,
    removeMany: refuse,
  };
}

const factories: Record<DataSourceKind, Factory> = {
  COMMON: (source, deps) => createCommonProvider(deps.request, source),
  // A configured source (the api page) is the server's apiData/<name>, in the REST provider's shape.
  REST: (source, deps) =>
    createRestProvider(deps.request, source.source ? { ...source, api: `apiData/${source.source}` } : source),
  SQL: (source, deps) => createSqlProvider(deps.request, source),
  STATIC: (source) => createMemoryProvider({ rows: source.data ?? [], idKey: source.idKey }),
  DICT: createDictProvider,
  USER: systemTable('user'),
  DEPT: systemTable('dept'),
  ROLE: systemTable('role'),
};

export function createProviderFactory(deps: ProviderDeps): (source: DataSourceConfig) => DataProvider {
  return (source) => {
    const factory = Object.prototype.hasOwnProperty.call(factories, source?.kind) ? factories[source.kind] : undefined;
    if (!factory) throw new Error(`Unknown data source kind: ${String(source?.kind)}`);
    return factory(source, deps);
  };
}
