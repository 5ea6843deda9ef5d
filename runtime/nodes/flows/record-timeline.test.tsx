// @vitest-environment happy-dom
/**
 * The approval timeline under a record's detail (RecordTimeline): nothing for a module without a
 * flow; the events in order with who acted and their comments; the starter withdraws from it.
 */
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import { RuntimeProvider } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import type { Timeline } from './api';
import { RecordTimeline } from './RecordTimeline';

const ok = <T,>(data: T): ApiResult<T> => ({ code: '200', message: 'success', data });
const event = (seq: number, action: string, actor: string, comment: string | null = null) => ({
  id: `e${seq}`,
  seq,
  step: 0,
  action,
  actor_name: actor,
  target: null,
  target_name: null,
  comment,
  create_at: 0,
});
const RUNNING: Timeline = {
  flow: { id: 'f1', name: '客户审批', enabled: true },
  instance: { id: 'i'.repeat(32), status: 'running', step: 0, starter_id: 'u1' },
  steps: [{ name: '经理审批', mode: 'any', fields: [] }],
  pending: [{ id: 't1', assignee_id: 'u2', assignee_name: '经理老李' }],
  myTodoId: null,
  canWithdraw: true,
  events: [
    event(1, 'submit', '业务员小王'),
    event(2, 'reject', '经理老李', '额度过高'),
    event(3, 'submit', '业务员小王'),
  ],
};

function renderTimeline(answer: (options: RequestOptions) => ApiResult<unknown>) {
  const calls: RequestOptions[] = [];
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    return answer(options);
  }) as Parameters<typeof createRuntimeValue>[0]['request'];
  const { container } = render(
    <RuntimeProvider value={createRuntimeValue({ request, lang: 'zh', user: { id: 'u1', roleIds: [] } })}>
      <RecordTimeline table="customer" id="r1" />
    </RuntimeProvider>,
  );
  return { calls, container };
}

describe('record timeline', () => {
  it('shows nothing for a module without a flow and a record never submitted', async () => {
    const { calls, container } = renderTimeline(() =>
      ok({ ...RUNNING, flow: null, instance: null, events: [], canWithdraw: false }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'flows/timeline?module=customer&recordId=r1' });
    expect(container.textContent).toBe('');
  });

  it('lists the events in order with their comments, and withdraws for the starter', async () => {
    let status = 'running';
    const { calls } = renderTimeline((options) =>
      options.url === 'flows/withdraw'
        ? ((status = 'withdrawn'), ok({ status }))
        : ok({
            ...RUNNING,
            instance: { ...RUNNING.instance!, status },
            canWithdraw: status === 'running',
            events: status === 'running' ? RUNNING.events : [...RUNNING.events, event(4, 'withdraw', '业务员小王')],
          }),
    );
    await screen.findByTestId('flow-timeline');
    const actions = [...document.querySelectorAll('[data-testid^="flow-event-"]')].map((n) =>
      n.getAttribute('data-testid'),
    );
    expect(actions).toEqual(['flow-event-submit', 'flow-event-reject', 'flow-event-submit']);
    expect(screen.getByText('额度过高')).toBeTruthy();
    expect(screen.getByTestId('flow-status').textContent).toBe('审批中');

    fireEvent.click(screen.getByTestId('flow-withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$|^OK$/ }));
    await waitFor(() => expect(screen.getByTestId('flow-status').textContent).toBe('已撤回'));
    expect(calls.find((c) => c.url === 'flows/withdraw')).toMatchObject({
      method: 'POST',
      body: { instanceId: RUNNING.instance!.id },
    });
    expect(screen.queryByTestId('flow-withdraw')).toBeNull();
  });
});
