/**
 * For designer tests in happy-dom: the designer on the demo customer module, with the store's
 * module and versions routes answered in their wire shapes, and the canvas node of a field.
 */
import { render } from '@testing-library/react';
import type { ApiResult, RequestOptions } from '../../protocol/http';
import customerPage from '../../schemas/apps/demo/modules/customer.json';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { preloadNodes, preloadWidgets } from '../../runtime/react/bindings';
import '../../runtime/definitions';
import '../../runtime/widgets/components';
import '../../runtime/nodes/components';
import { Designer } from '../../designer/react';

await Promise.all([preloadWidgets(), preloadNodes()]);

export function renderCustomerDesigner() {
  const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
  const request = async (call: RequestOptions) => {
    if (call.method === 'GET' && call.url === 'module/m1')
      return ok({ id: 'm1', title: '客户', table_name: 'customer', schema: customerPage });
    if (call.method === 'GET' && call.url === 'module/m1/versions')
      return ok([{ id: 'v3', version: 3, author: 'u1', author_name: 'admin', created_at: 0, provenance: 'designer' }]);
    return ok({});
  };
  const runtime = createRuntimeValue({ request: request as never, lang: 'zh', user: { id: 'u1', roleIds: [] } });
  return render(
    <RuntimeProvider value={runtime}>
      <Designer moduleId="m1" app="demo" onBack={() => undefined} />
    </RuntimeProvider>,
  );
}

export const fieldOnCanvas = (key: string) =>
  document.querySelector(`.tessera-designer-node[aria-label$="· ${key}"]`) as HTMLElement | null;
