/**
 * 提交审批 (runtime/actions/submit-approval.ts): asks first, posts flows/start with the button's
 * module and the row's id, says 已提交审批 and refreshes; a refusal shows the server's message
 * and refreshes nothing; cancelling sends nothing.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../protocol/http';
import { translate } from '../../protocol/messages';
import '../../protocol/messages/late';
import { runAction } from './define';
import './index';
import type { ActionUi } from './types';

function harness(answer: { code: string; message: string }, confirmed = true) {
  const log: string[] = [];
  const calls: RequestOptions[] = [];
  const ui: ActionUi = {
    lang: 'zh',
    t: (key, vars) => translate('zh', key, vars),
    success: (text) => log.push(`success:${text}`),
    warning: (text) => log.push(`warning:${text}`),
    confirm: async ({ title }) => {
      log.push(`confirm:${title}`);
      return confirmed;
    },
  };
  const request = async (options: RequestOptions) => {
    calls.push(options);
    return { ...answer, data: null };
  };
  const host = { request: request as never, refresh: () => void log.push('refresh') };
  return { log, calls, run: () => runAction('submitApproval', { ui, host, id: 'r1', params: { module: 'customer' } }) };
}

describe('submitApproval', () => {
  it('posts the record to flows/start and refreshes the rows', async () => {
    const { log, calls, run } = harness({ code: '200', message: 'success' });
    expect(await run()).toBe(true);
    expect(calls).toEqual([{ method: 'POST', url: 'flows/start', body: { module: 'customer', recordId: 'r1' } }]);
    expect(log).toEqual(['confirm:确定提交审批吗？', 'success:已提交审批', 'refresh']);
  });

  it('shows the server’s refusal and refreshes nothing', async () => {
    const { log, run } = harness({ code: 'P4009', message: '该记录正在审批中' });
    expect(await run()).toBe(false);
    expect(log).toEqual(['confirm:确定提交审批吗？', 'warning:该记录正在审批中']);
  });

  it('sends nothing when the question is cancelled', async () => {
    const { calls, run } = harness({ code: '200', message: 'success' }, false);
    expect(await run()).toBe(false);
    expect(calls).toEqual([]);
  });
});
