// @vitest-environment happy-dom
/**
 * The canvas is the runtime rendering the schema (issue 14): a settings edit that changes how the
 * runtime renders a field (its required mark) shows on the canvas at once, not after a reopen.
 */
import '../../tests/dom-setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../protocol/http';
import customerPage from '../../schemas/apps/demo/modules/customer.json';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { preloadNodes, preloadWidgets } from '../../runtime/react/bindings';
import '../../runtime/definitions';
import '../../runtime/widgets/components';
import '../../runtime/nodes/components';
import { Designer } from './index';

await Promise.all([preloadWidgets(), preloadNodes()]);
/** The store's module and versions routes, in their wire shapes. */
function renderDesigner() {
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

const fieldOnCanvas = (key: string) =>
  document.querySelector(`.tessera-designer-node[aria-label$="· ${key}"]`) as HTMLElement | null;

beforeEach(() => localStorage.clear());
describe('the canvas shows what operators get', () => {
  it('marks a field required as soon as 必填 is switched on, and unmarks it on undo', async () => {
    renderDesigner();
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    const mark = () => fieldOnCanvas('remark')!.querySelector('.ant-formily-item-asterisk');
    expect(mark()).toBeFalsy();
    fireEvent.click(fieldOnCanvas('remark')!);
    const settings = document.querySelector('[data-settings-for]') as HTMLElement;
    await waitFor(() => expect(within(settings).getByDisplayValue('remark')).toBeTruthy());
    const required = [...settings.querySelectorAll('.ant-formily-item')].find(
      (item) => item.querySelector('label')?.textContent === '必填',
    )!;
    fireEvent.click(required.querySelector('[role="switch"]')!);
    await waitFor(() => expect(mark()).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '撤 销' }));
    await waitFor(() => expect(mark()).toBeFalsy());
  }, 120_000);
});
