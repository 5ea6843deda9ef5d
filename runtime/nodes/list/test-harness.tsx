/**
 * Renders a page over the memory provider through the real wire shapes, for the node tests:
 * the COMMON provider sends its requests to createMemoryRequest, which records them.
 */
import { render } from '@testing-library/react';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import { CUSTOMER_COLUMNS, CUSTOMER_LEVELS, customerRows } from '../../../fixtures/data/customers';
import customerPage from '../../../schemas/apps/demo/modules/customer.json';
import { createMemoryProvider } from '../../core/data/memory';
import { createMemoryRequest } from '../../core/data/memory-request';
import type { Row } from '../../core/data/provider';
import { PageRenderer } from '../../react/PageRenderer';
import { RuntimeProvider } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import { preloadNodes, preloadWidgets } from '../../react/bindings';
import '../../widgets/components';
// Node components are bound the way the shell binds them (the adapter imports none itself).
import '../components';
import * as listParts from './lazy-parts';
import { ViewSwitch } from './ListToolbar';

// The app fetches widgets, the form / container nodes and the list's search form, modal and
// dialogs on first use; tests render synchronously and then look at the DOM, so load them first.
await Promise.all([
  preloadWidgets(),
  preloadNodes(),
  ...Object.values(listParts).map((part) => part.preload()),
  ViewSwitch.preload(),
]);

export const customerSchema = customerPage as unknown as PageSchema;

export function renderPage(
  options: {
    schema?: PageSchema;
    rows?: Row[];
    intercept?: (call: RequestOptions) => ApiResult | undefined | Promise<ApiResult | undefined>;
    recordId?: string;
    lang?: 'zh' | 'en';
    /** Per-user prefs store; share one Map between renders to act as the same user in a new browser. */
    prefs?: Map<string, unknown>;
  } = {},
) {
  const customers = createMemoryProvider({
    rows: options.rows ?? customerRows,
    columns: CUSTOMER_COLUMNS,
    uniqueKeys: ['name'],
    table: 'customer',
    userId: 'u1',
  });
  const { request, calls } = createMemoryRequest({
    tables: { customer: customers },
    dicts: { 'dict/customer_level': CUSTOMER_LEVELS },
    intercept: options.intercept,
    prefs: options.prefs ?? new Map(),
  });
  const runtime = createRuntimeValue({ request, lang: options.lang ?? 'zh', user: { id: 'u1', roleIds: ['r1'] } });
  const view = render(
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={options.schema ?? customerSchema} recordId={options.recordId} />
    </RuntimeProvider>,
  );
  const lists = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/list'));
  const writes = () => calls.filter((c) => !(c.method === 'POST' && c.url.endsWith('/list')) && c.method !== 'GET');
  return { ...view, calls, customers, lists, writes };
}
