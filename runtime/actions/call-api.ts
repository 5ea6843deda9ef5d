/**
 * 调用接口: one request through the app's API client (envelope and session included), to an API
 * path of the schema (never a full URL: the client prefixes the API base). The row's id goes with
 * it as `ids` when run on a row or a selection; success shows 操作成功 and refreshes the rows,
 * failure shows the server's message. With `showResult` the answer is shown instead (its message as
 * the title, its `data.sample` — or the data as JSON — as text to read and copy) and nothing is
 * refreshed: a test call (the api page's 测试) changes no rows.
 */
import { isSuccess } from '../../protocol/codes';
import type { HttpMethod } from '../../protocol/http';
import { defineScreenAction, need } from './define';
import { failureMessage, thrownMessage } from './result-message';

export const callApiAction = defineScreenAction({
  type: 'callApi',
  title: { zh: '调用接口', en: 'Call API' },
  params: {
    type: 'object',
    required: ['url'],
    properties: {
      url: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9/_-]*$', maxLength: 200 },
      method: { enum: ['GET', 'POST', 'PUT', 'DELETE'] },
      body: { type: 'object', maxProperties: 50 },
      confirm: { type: 'boolean' },
      showResult: { type: 'boolean' },
      /** What the confirm dialog says (zh/en) instead of the generic 确认执行该操作？ */
      confirmText: {
        type: 'object',
        required: ['zh', 'en'],
        properties: { zh: { type: 'string', maxLength: 200 }, en: { type: 'string', maxLength: 200 } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  async run(ctx) {
    const request = need(ctx, 'request');
    if (!request) return false;
    const {
      url,
      method = 'POST',
      body = {},
      confirm,
      showResult,
      confirmText,
    } = ctx.params as {
      url: string;
      method?: HttpMethod;
      body?: Record<string, unknown>;
      confirm?: boolean;
      showResult?: boolean;
      confirmText?: { zh: string; en: string };
    };
    const question = { title: confirmText?.[ctx.ui.lang] ?? ctx.ui.t('runtime.action.confirm'), content: '' };
    if ((confirm || confirmText) && !(await ctx.ui.confirm(question))) return false;
    const ids = ctx.id !== undefined ? [ctx.id] : ctx.host.selectedIds?.length ? [...ctx.host.selectedIds] : undefined;
    try {
      const result = await request({ method, url, body: ids ? { ...body, ids } : body });
      if (!isSuccess(result.code)) {
        ctx.ui.warning(failureMessage(result, [], ctx.ui.lang));
        return false;
      }
      if (showResult) {
        const data = result.data as { sample?: unknown } | null | undefined;
        const text = typeof data?.sample === 'string' ? data.sample : JSON.stringify(data ?? null, null, 2);
        if (ctx.ui.showSecret)
          ctx.ui.showSecret({ title: result.message, content: ctx.ui.t('runtime.action.resultSample'), secret: text });
        else ctx.ui.success(result.message);
        return true;
      }
    } catch (error) {
      ctx.ui.warning(thrownMessage(error, ctx.ui.lang));
      return false;
    }
    ctx.ui.success(ctx.ui.t('runtime.action.done'));
    await ctx.host.refresh?.();
    return true;
  },
});
