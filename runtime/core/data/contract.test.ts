import { createCommonProvider } from './http';
import { createMemoryProvider } from './memory';
import { createMemoryRequest } from './memory-request';
import { CONTRACT_COLUMNS, CONTRACT_UNIQUE, dataProviderContract } from './contract';

const memoryTable = () =>
  createMemoryProvider({ columns: CONTRACT_COLUMNS, uniqueKeys: CONTRACT_UNIQUE, table: 'contract', userId: 'u1' });

dataProviderContract('memory provider', () => ({ provider: memoryTable() }));

dataProviderContract('COMMON provider over the wire shapes', () => {
  const { request } = createMemoryRequest({ tables: { contract: memoryTable() } });
  return { provider: createCommonProvider(request, { kind: 'COMMON', api: 'common/contract' }) };
});
