// @vitest-environment happy-dom
/**
 * The file library node rendered by the runtime from the page schema (schemas/pages/system/
 * resource.json), over a request function that answers like server/resources: the page speaks
 * the user's language, lists folders before files, opens a folder, searches, and shows a refusal's
 * message while leaving the rows as they were.
 */
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import resourcePage from '../../../schemas/pages/system/resource.json';
import { PageRenderer } from '../../react/PageRenderer';
import { RuntimeProvider } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import { preloadNodes } from '../../react/bindings';
import '../components';

await preloadNodes();

const FOLDER = {
  id: 'f1',
  kind: 'folder',
  name: 'Contracts',
  parent_id: null,
  ext: null,
  size: 0,
  url: null,
  update_at: 0,
  deleted_at: null,
};
const FILE = {
  id: 'x1',
  kind: 'file',
  name: 'logo.png',
  parent_id: null,
  ext: 'png',
  size: 2048,
  url: 'api/files/download/0123456789abcdef0123456789abcdef',
  update_at: 0,
  deleted_at: null,
};
const INSIDE = { ...FILE, id: 'x2', name: 'quote.pdf', ext: 'pdf', parent_id: 'f1' };

function renderLibrary(lang: 'zh' | 'en') {
  const calls: RequestOptions[] = [];
  const ok = <T,>(data: T): ApiResult<T> => ({ code: '200', message: 'success', data });
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    if (options.url === 'resources/folders' && options.method === 'GET')
      return ok([{ id: 'f1', name: 'Contracts', parent_id: null }]);
    if (options.url === 'resources/quota') return ok({ used: 2048, quota: 1024 * 1024 * 1024 });
    if (options.url === 'resources' && options.method === 'GET') {
      const query = options.query ?? {};
      if (query.keyword) return ok({ list: [INSIDE], total: 1 });
      if (query.parentId === 'f1') return ok({ list: [INSIDE], total: 1 });
      return ok({ list: [FOLDER, FILE], total: 2 });
    }
    if (options.url === 'resources/x1' && options.method === 'PUT')
      return { code: 'P4000', message: 'Keep the extension .png when renaming', data: null };
    return ok(null);
  }) as Parameters<typeof createRuntimeValue>[0]['request'];
  const runtime = createRuntimeValue({ request, lang, user: { id: 'u1', roleIds: ['r1'] } });
  render(
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={resourcePage as unknown as PageSchema} />
    </RuntimeProvider>,
  );
  return calls;
}

const rowNames = () => [...document.querySelectorAll('td.tessera-file-library-name-cell')].map((td) => td.textContent);

describe('file library node', () => {
  it('speaks English, lists folders first, shows sizes and the quota', async () => {
    renderLibrary('en');
    await waitFor(() => expect(rowNames()).toEqual(['Contracts', 'logo.png']));
    expect(screen.getByText('Drop files here, or click to choose (several at once)')).toBeTruthy();
    expect(screen.getByText('2 KB of 1 GB used')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Preview' })).toHaveLength(1);
  });

  it('opens a folder from its name and searches the whole library', async () => {
    const calls = renderLibrary('zh');
    await waitFor(() => expect(rowNames()).toEqual(['Contracts', 'logo.png']));
    fireEvent.click(screen.getAllByRole('button', { name: /Contracts/ })[0]!);
    await waitFor(() => expect(rowNames()).toEqual(['quote.pdf']));
    expect(calls.some((call) => call.url === 'resources' && call.query?.parentId === 'f1')).toBe(true);
    const search = screen.getByPlaceholderText('按名称搜索全部文件');
    fireEvent.change(search, { target: { value: 'quo' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.some((call) => call.query?.keyword === 'quo')).toBe(true));
    expect(calls.find((call) => call.query?.keyword === 'quo')?.query?.parentId).toBeUndefined();
  });

  it('shows the server’s refusal of a rename and keeps the rows', async () => {
    renderLibrary('en');
    await waitFor(() => expect(rowNames()).toEqual(['Contracts', 'logo.png']));
    fireEvent.click(screen.getAllByRole('button', { name: 'Rename' })[1]!);
    const input = await screen.findByDisplayValue('logo.png');
    fireEvent.change(input, { target: { value: 'logo.html' } });
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await screen.findByText('Keep the extension .png when renaming');
    expect(rowNames()).toEqual(['Contracts', 'logo.png']);
  });
});
