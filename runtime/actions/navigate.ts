/**
 * 跳转 / 链接: a site-relative path opens inside the app, an http(s) URL in a new tab (or as
 * params.newTab says). Any other scheme (javascript:, data:) is refused with a warning.
 */
import { defineScreenAction, isSafeUrl, need } from './define';

export const navigateAction = defineScreenAction({
  type: 'navigate',
  title: { zh: '跳转', en: 'Navigate' },
  params: {
    type: 'object',
    required: ['url'],
    properties: {
      url: { type: 'string', pattern: '^(https?://|/(?!/))', maxLength: 2000 },
      newTab: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  run(ctx) {
    const { url, newTab } = ctx.params;
    if (!isSafeUrl(url)) return ctx.ui.warning(ctx.ui.t('runtime.action.badUrl'));
    need(ctx, 'navigate')?.(url, typeof newTab === 'boolean' ? newTab : !url.startsWith('/'));
  },
});
