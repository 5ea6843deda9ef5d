import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS, customerRows } from '../../../fixtures/data/customers';
import customerPage from '../../../schemas/apps/demo/modules/customer.json';
import type { ListQuery } from '../../../protocol/list-query';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { createMemoryProvider } from '../data/memory';
import { createListController } from './controller';

const fields = customerPage.body[0].fields as FieldDefinition[];

describe('a sortable column', () => {
  it('sorts by the column the user chose, from page 1, and clearing it restores the page’s sort', async () => {
    const memory = createMemoryProvider({ rows: customerRows, columns: CUSTOMER_COLUMNS });
    const queries: ListQuery[] = [];
    const provider = { ...memory, list: (q: ListQuery) => (queries.push(structuredClone(q)), memory.list(q)) };
    const c = createListController({ provider, fields, sorts: [{ key: 'name', order: 'asc' }] });
    await c.load();
    await c.setPage(2);
    await c.sortBy({ key: 'credit_limit', order: 'desc' });
    expect(queries.at(-1)).toMatchObject({ sorts: [{ key: 'credit_limit', order: 'desc' }], current: 1 });
    const limits = c.getState().rows.map((row) => Number(row.credit_limit));
    expect(limits).toEqual([...limits].sort((a, b) => b - a));
    await c.sortBy(undefined);
    expect(queries.at(-1)).toMatchObject({ sorts: [{ key: 'name', order: 'asc' }] });
  });
});
