/** Benchmark page: the same 10k rows as a Tessera list node over the STATIC data source. */
import { createRoot } from 'react-dom/client';
import '../runtime/widgets/components';
import '../runtime/nodes/components';
import type { RequestFn } from '../protocol/http';
import type { PageSchema } from '../protocol/page-schema';
import { PageRenderer } from '../runtime/react/PageRenderer';
import { RuntimeProvider } from '../runtime/react/context';
import { createRuntimeValue } from '../runtime/react/create-runtime';
import { benchRows, COLUMNS, INDUSTRIES, LEVELS, ROW_COUNT, watchFirstRow } from './list-page-fixture';

const request = (async () => ({ code: 'P4004', message: 'offline', data: null })) as RequestFn;
const items = { level: LEVELS, industry: INDUSTRIES } as Record<string, { value: string; label: string }[]>;

const schema = {
  schemaVersion: 1,
  type: 'page',
  body: [
    {
      type: 'list',
      key: 'bench',
      dataSource: { kind: 'STATIC', data: benchRows(ROW_COUNT()) },
      search: false,
      pagination: false,
      actions: ['batchDelete'],
      fields: COLUMNS.map((c) => ({
        key: c.key,
        title: c.title,
        type: c.type,
        ...(items[c.key] ? { selectItems: items[c.key] } : {}),
      })),
    },
  ],
} as unknown as PageSchema;

watchFirstRow();
createRoot(document.getElementById('root')!).render(
  <RuntimeProvider value={createRuntimeValue({ request, lang: 'zh', user: { id: 'bench', roleIds: [] } })}>
    <PageRenderer schema={schema} />
  </RuntimeProvider>,
);
