// @vitest-environment happy-dom
/**
 * Tree data end to end on the system dept page: the list asks for parentKey and shows nested rows
 * (antd Table tree), the parent tree-select's dictionary asks for the tree too, and a save clears
 * the shared dictionary cache so the new department is offered at once.
 */
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import deptPage from '../../../schemas/pages/system/dept.json';
import { click, findModal, message, rowTexts, type } from './dom-helpers';
import { renderPage } from './test-harness';

interface Dept {
  id: string;
  name: string;
  parent_id: string | null;
  sort: number;
}

const TABLE = 'common/tessera_sys_dept';

/** A tiny dept server: nests like server/common/query/tree.ts when parentKey is asked for. */
function deptServer() {
  const depts: Dept[] = [
    { id: 'd1', name: '总部', parent_id: null, sort: 0 },
    { id: 'd2', name: '研发部', parent_id: 'd1', sort: 0 },
  ];
  const nest = (parent: string | null): Record<string, unknown>[] =>
    depts
      .filter((d) => d.parent_id === parent)
      .map((d) => {
        const children = nest(d.id);
        return children.length ? { ...d, children } : { ...d };
      });
  const answer = (parentKey: unknown) => {
    const list = parentKey === 'parent_id' ? nest(null) : depts.map((d) => ({ ...d }));
    return { list, total: list.length };
  };
  const intercept = (call: RequestOptions): ApiResult | undefined => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (call.method === 'POST' && call.url === `${TABLE}/list`)
      return { code: 200, message: 'success', data: answer(body.parentKey) };
    if (call.method === 'GET' && call.url === TABLE)
      return { code: 200, message: 'success', data: answer((call.query ?? {}).parentKey) };
    if (call.method === 'POST' && call.url === TABLE) {
      const id = `d${depts.length + 1}`;
      depts.push({ id, name: String(body.name), parent_id: (body.parent_id as string) ?? null, sort: 0 });
      return { code: 200, message: 'success', data: { id } };
    }
    return undefined;
  };
  return { depts, intercept };
}

const schema = deptPage as unknown as PageSchema;

describe('list node with parentKey (system dept page)', () => {
  it('asks for the tree and renders children as expandable rows', async () => {
    const s = deptServer();
    const { lists, calls } = renderPage({ schema, intercept: s.intercept });
    await screen.findByText('总部');
    expect(lists()[0]!.url).toBe(`${TABLE}/list`);
    expect(lists()[0]!.body).toMatchObject({ parentKey: 'parent_id', isPage: true, pageSize: 20 });
    // Only the root is shown until it is expanded; the child is not a root row.
    expect(rowTexts()).toHaveLength(1);
    expect(screen.queryByText('研发部')).toBeNull();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    await screen.findByText('研发部');
    expect(document.querySelectorAll('.ant-table-row-level-1')).toHaveLength(1);
    // The parent column's dictionary is the tree as well (REST mode with parentKey).
    const dict = calls.filter((c) => c.method === 'GET' && c.url === TABLE);
    expect(dict).toHaveLength(1);
    expect(dict[0]!.query).toMatchObject({ parentKey: 'parent_id', pageSize: 1000 });
  });

  it('a successful save clears the dictionary cache: the dictionary is asked again with the new dept', async () => {
    const s = deptServer();
    const { calls } = renderPage({ schema, intercept: s.intercept });
    await screen.findByText('总部');
    const dictCalls = () => calls.filter((c) => c.method === 'GET' && c.url === TABLE);
    await waitFor(() => expect(dictCalls()).toHaveLength(1));
    click('新增');
    const modal = await findModal('新增');
    // The modal's tree-select shares the cached dictionary: no second request yet.
    expect(dictCalls()).toHaveLength(1);
    type(modal, '部门名称', '测试部');
    click('确定', modal);
    expect(await message('新增成功')).toBeTruthy();
    expect(s.depts.map((d) => d.name)).toContain('测试部');
    await waitFor(() => expect(dictCalls()).toHaveLength(2));
    const created = calls.findIndex((c) => c.method === 'POST' && c.url === TABLE);
    expect(calls.indexOf(dictCalls()[1]!)).toBeGreaterThan(created);
    await screen.findByText('测试部');
  });
});
