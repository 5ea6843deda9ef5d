// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestFn } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import { PageRenderer } from '../../react/PageRenderer';
import { RuntimeProvider } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import { button, findModal, hasButton } from './dom-helpers';
import './test-harness';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../nodes/components';

// A STATIC list never talks to a server: any request is a failure of the test.
const request = (async () => {
  throw new Error('a STATIC list sent a request');
}) as unknown as RequestFn;

const rows = Array.from({ length: 500 }, (_, i) => ({ id: `r${i}`, name: `客户${i}`, create_at: 500 - i }));

function renderStatic(pagination: false | { pageSize: number }) {
  const schema = {
    schemaVersion: 1,
    type: 'page',
    body: [
      {
        type: 'list',
        key: 'big',
        dataSource: { kind: 'STATIC', data: rows },
        search: false,
        pagination,
        actions: ['add', 'batchDelete'],
        fields: [{ key: 'name', title: '客户名称', type: 'input' }],
      },
    ],
  } as unknown as PageSchema;
  const runtime = createRuntimeValue({ request, lang: 'zh', user: { id: 'u1', roleIds: [] } });
  return render(
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={schema} />
    </RuntimeProvider>,
  );
}

describe('a list over STATIC rows', () => {
  it('has its rows in the very first render (no loading table first), newest first', () => {
    const { container } = renderStatic(false);
    // No await: what the first commit put in the DOM.
    const cells = [...container.querySelectorAll('.ant-table-row .ant-table-cell:not(.ant-table-selection-column)')];
    expect(cells.slice(0, 2).map((c) => c.textContent)).toEqual(['客户0', '客户1']);
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('on a page of many rows shows the header buttons right after the first paint, and they work', async () => {
    const { container } = renderStatic(false);
    expect(container.querySelector('.tessera-list-toolbar-pending')).not.toBeNull();
    expect(hasButton('新增')).toBe(false);
    await waitFor(() => expect(hasButton('新增')).toBe(true));
    fireEvent.click(button('新增'));
    expect(await findModal('新增')).toBeTruthy();
    expect(container.querySelector('.tessera-list-toolbar-pending')).toBeNull();
  });

  it('on a page of ten rows renders the header buttons with the rows', () => {
    const { container } = renderStatic({ pageSize: 10 });
    expect(hasButton('批量删除')).toBe(true);
    expect(container.querySelectorAll('.ant-table-row')).toHaveLength(10);
  });
});
