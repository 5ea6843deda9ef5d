/**
 * The issue 14 benchmark's page (bench/designer-browser.bench.ts): 300 nodes — a list, three grids
 * and 296 fields of five widget types — and the fake module store the designer page reads it from.
 */
import type { ApiResult, RequestFn, RequestOptions } from '../protocol/http';

const TYPES = ['input', 'number', 'select', 'date', 'textarea'] as const;
export const FIELDS = 296;
const GRID_SIZES = [99, 99, 98];

export const fieldId = (i: number) => `f_b${i}`;
export const fieldTitle = (i: number) => `字段${i}`;

function field(i: number) {
  const type = TYPES[i % TYPES.length]!;
  return {
    id: fieldId(i),
    key: `k${i}`,
    title: { zh: fieldTitle(i), en: `Field ${i}` },
    type,
    ...(type === 'select'
      ? {
          selectItems: [
            { value: 'a', label: '甲' },
            { value: 'b', label: '乙' },
          ],
        }
      : {}),
  };
}

export function benchSchema() {
  let next = 0;
  return {
    schemaVersion: 2,
    type: 'page',
    body: [
      {
        type: 'list',
        key: 'big',
        table: 'big',
        title: { zh: '大表单', en: 'Big form' },
        fields: GRID_SIZES.map((size, g) => ({
          type: 'grid',
          key: `g${g}`,
          props: { columns: 3 },
          children: Array.from({ length: size }, () => field(next++)),
        })),
      },
    ],
  };
}

/** The module store's read routes as the designer calls them (the real wire shapes). */
export function benchStore(schema: unknown): RequestFn {
  const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
  return (async (call: RequestOptions) => {
    if (call.method === 'GET' && call.url === 'module/m1')
      return ok({ id: 'm1', title: '大表单', table_name: 'big', schema });
    if (call.method === 'GET' && call.url === 'module/m1/versions')
      return ok([{ id: 'v1', version: 1, author: 'u1', author_name: 'admin', created_at: 0, provenance: 'designer' }]);
    if (call.url === 'common/tessera_sys_dict_type/list') return ok({ list: [], total: 0 });
    return ok([]);
  }) as RequestFn;
}
