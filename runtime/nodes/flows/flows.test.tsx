// @vitest-environment happy-dom
/**
 * The backlog and flow pages rendered by the runtime from their page schemas, over a request
 * function that answers like server/flows: the to-do list rejects with a comment and shows the
 * server's refusal as it says; the flow editor sends the steps and shows a refusal naming the step.
 */
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import backlogPage from '../../../schemas/pages/system/backlog.json';
import flowPage from '../../../schemas/pages/system/flow.json';
import { PageRenderer } from '../../react/PageRenderer';
import { RuntimeProvider, type RuntimeContextValue } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import { preloadNodes } from '../../react/bindings';
import '../components';

await preloadNodes();

const TODO = {
  id: 'a'.repeat(32),
  title: '客户审批 · 经理审批',
  status: 0,
  result: null,
  module: 'customer',
  record_id: 'r1',
  instance_id: 'b'.repeat(32),
  step: 0,
  create_at: 0,
  done_at: null,
  instance_status: 'running',
  starter_name: '业务员小王',
};
const ok = <T,>(data: T): ApiResult<T> => ({ code: '200', message: 'success', data });

function renderPage(
  page: unknown,
  answer: (options: RequestOptions) => ApiResult<unknown> | undefined,
  host: Partial<RuntimeContextValue> = {},
) {
  const calls: RequestOptions[] = [];
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    return answer(options) ?? ok(null);
  }) as Parameters<typeof createRuntimeValue>[0]['request'];
  const runtime = { ...createRuntimeValue({ request, lang: 'zh', user: { id: 'u1', roleIds: ['r1'] } }), ...host };
  render(
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={page as PageSchema} />
    </RuntimeProvider>,
  );
  return calls;
}

describe('backlog', () => {
  it('lists my pending to-dos and rejects one with a comment', async () => {
    const calls = renderPage(backlogPage, (options) => {
      if (options.url.startsWith('flows/todos')) return ok({ list: [TODO], total: 1 });
      if (options.url === 'flows/reject') return ok({ status: 'rejected' });
      return undefined;
    });
    await screen.findByText('客户审批 · 经理审批');
    expect(screen.getByText('业务员小王')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'flows/todos?status=pending&page=1&size=10' });

    fireEvent.click(screen.getAllByRole('button', { name: /^驳\s?回$/ })[0]!);
    const comment = await screen.findByPlaceholderText('审批意见（选填）');
    fireEvent.change(comment, { target: { value: '额度过高' } });
    fireEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await screen.findByText('已驳回');
    expect(calls.find((c) => c.url === 'flows/reject')).toMatchObject({
      method: 'POST',
      body: { todoId: TODO.id, comment: '额度过高' },
    });
  });
});

/** A host event stream the test drives: listeners by event type, as src/api/events.ts keeps them. */
function fakeStream() {
  const listeners = new Map<string, Set<() => void>>();
  const onServerEvent: RuntimeContextValue['onServerEvent'] = (type, listener) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)!.add(listener);
    return () => void listeners.get(type)!.delete(listener);
  };
  const emit = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { onServerEvent, emit, count: (type: string) => listeners.get(type)?.size ?? 0 };
}

describe('live backlog', () => {
  it('reloads once per burst of todo.changed, keeping the keyword and page', async () => {
    const stream = fakeStream();
    let pending = [TODO];
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...TODO,
      id: String(i).padStart(32, '0'),
      title: `待办 ${i}`,
    }));
    const calls = renderPage(
      backlogPage,
      (options) => {
        if (!options.url.startsWith('flows/todos')) return undefined;
        if (options.url.includes('keyword=')) return ok({ list: pending, total: 12 });
        return ok({ list: many.slice(0, 10), total: 12 });
      },
      { onServerEvent: stream.onServerEvent },
    );
    await screen.findByText('待办 0');
    const search = screen.getByPlaceholderText('搜索事项或提交人');
    fireEvent.change(search, { target: { value: '客户' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('客户审批 · 经理审批');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('page=2'));
    const before = calls.length;

    pending = [{ ...TODO, id: 'c'.repeat(32), title: '合同审批 · 财务审批' }];
    stream.emit('todo.changed');
    stream.emit('todo.changed');
    stream.emit('stream.reset');
    await screen.findByText('合同审批 · 财务审批');
    expect(calls.slice(before).map((c) => c.url)).toEqual([
      'flows/todos?status=pending&page=2&size=10&keyword=%E5%AE%A2%E6%88%B7',
    ]);
  });

  it('stops listening when the page closes', async () => {
    const stream = fakeStream();
    const { unmount } = renderBacklog(stream.onServerEvent);
    await screen.findByText('客户审批 · 经理审批');
    expect(stream.count('todo.changed')).toBe(1);
    unmount();
    expect(stream.count('todo.changed')).toBe(0);
  });
});

function renderBacklog(onServerEvent: RuntimeContextValue['onServerEvent']) {
  const request = (async () => ok({ list: [TODO], total: 1 })) as unknown as RuntimeContextValue['request'];
  const runtime = { ...createRuntimeValue({ request, lang: 'zh' }), onServerEvent };
  return render(
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={backlogPage as PageSchema} />
    </RuntimeProvider>,
  );
}

describe('backlog refusal', () => {
  it('shows the server’s refusal as it says', async () => {
    renderPage(backlogPage, (options) => {
      if (options.url.startsWith('flows/todos')) return ok({ list: [TODO], total: 1 });
      if (options.url === 'flows/approve') return { code: 'P4009', message: '该待办已被他人处理', data: null };
      return undefined;
    });
    await screen.findByText('客户审批 · 经理审批');
    fireEvent.click(screen.getAllByRole('button', { name: /^同\s?意$/ })[0]!);
    await screen.findByPlaceholderText('审批意见（选填）');
    fireEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await screen.findByText('该待办已被他人处理');
  });
});

describe('flow page', () => {
  it('lists the flows and shows the server’s refusal of a save in the editor', async () => {
    const calls = renderPage(flowPage, (options) => {
      if (options.url === 'flows/defs' && options.method === 'GET')
        return ok({
          list: [
            {
              id: 'f1',
              name: '客户审批',
              module: 'customer',
              enabled: true,
              version: 3,
              update_at: 0,
              steps: [{ name: '经理审批', approvers: [{ kind: 'starterLeader' }], mode: 'any' }],
            },
          ],
        });
      if (options.url === 'flows/defs/f1') return { code: 'P4000', message: '第 1 步的条件表达式无效', data: null };
      if (options.url.startsWith('common/')) return ok({ list: [] });
      return undefined;
    });
    await screen.findByText('1. 经理审批');
    fireEvent.click(screen.getByRole('button', { name: /^编\s?辑$/ }));
    const condition = await screen.findByPlaceholderText('credit_limit > 1000');
    fireEvent.change(condition, { target: { value: 'credit_limit >' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await screen.findByText('第 1 步的条件表达式无效');
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'flows/defs/f1')).toMatchObject({
        method: 'PUT',
        body: {
          name: '客户审批',
          module: 'customer',
          enabled: true,
          steps: [
            { name: '经理审批', approvers: [{ kind: 'starterLeader' }], mode: 'any', condition: 'credit_limit >' },
          ],
        },
      }),
    );
  });
});
