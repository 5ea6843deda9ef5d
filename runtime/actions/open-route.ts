/**
 * 打开页面: goes to a route of the app inside the shell (`design/{id}` opens the designer of the
 * row's module), without a page load. The route is app-relative: the host puts the app in front,
 * so a schema never names an app or a site address. Row placeholders: ./row-template.ts.
 * `query` adds address parameters (a tab: `{ "tab": "items" }`) and `search` the search values of
 * the list the route opens (`{ "dict_code": "{code}" }` → `q`, runtime/nodes/list/address.ts): the
 * dict page's 字典项 row button opens the items of that dictionary. Their values take row
 * placeholders too and are encoded as address parameters, so a row value cannot add another one.
 */
import { defineScreenAction, need } from './define';
import { rowPath, rowText } from './row-template';
import type { ActionContext } from './types';

const TEXTS = {
  type: 'object',
  maxProperties: 10,
  propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_.-]{0,63}$' },
  additionalProperties: { type: 'string', maxLength: 200 },
} as const;

/** Each value with the row's values in place; undefined when one cannot be filled. */
function filled(texts: unknown, ctx: ActionContext): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries((texts ?? {}) as Record<string, string>)) {
    const value = rowText(String(text), ctx);
    if (value === undefined) return undefined;
    out[key] = value;
  }
  return out;
}

export const openRouteAction = defineScreenAction({
  type: 'openRoute',
  title: { zh: '打开页面', en: 'Open page' },
  params: {
    type: 'object',
    required: ['route'],
    properties: {
      route: { type: 'string', pattern: '^[A-Za-z0-9_-][A-Za-z0-9_/{}.-]*$', maxLength: 200 },
      query: TEXTS,
      search: TEXTS,
    },
    additionalProperties: false,
  },
  run(ctx) {
    const route = rowPath(String(ctx.params.route), ctx);
    const query = filled(ctx.params.query, ctx);
    const search = filled(ctx.params.search, ctx);
    if (route === undefined || !query || !search) return ctx.ui.warning(ctx.ui.t('runtime.action.unavailable'));
    const address = new URLSearchParams(query);
    if (Object.keys(search).length) address.set('q', JSON.stringify(search));
    const tail = address.toString();
    need(ctx, 'openRoute')?.(tail ? `${route}?${tail}` : route);
  },
});
