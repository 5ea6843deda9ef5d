/**
 * 调用接口: one request through the app's API client (envelope and session included), to an API
 * path of the schema (never a full URL: the client prefixes the API base). The row's id goes with
 * it as `ids` when run on a row or a selection; success shows 操作成功 and refreshes the rows,
 * failure shows the server's message.
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
    } = ctx.params as {
      url: string;
      method?: HttpMethod;
      body?: Record<string, unknown>;
      confirm?: boolean;
    };
    if (confirm && !(await ctx.ui.confirm({ title: ctx.ui.t('runtime.action.confirm'), content: '' }))) return false;
    const ids = ctx.id !== undefined ? [ctx.id] : ctx.host.selectedIds?.length ? [...ctx.host.selectedIds] : undefined;
    try {
      const result = await request({ method, url, body: ids ? { ...body, ids } : body });
      if (!isSuccess(result.code)) {
        ctx.ui.warning(failureMessage(result, [], ctx.ui.lang));
        return false;
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
