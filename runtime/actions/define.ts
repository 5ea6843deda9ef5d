/**
 * Screen actions (issue 13 item 2): each file registers one with `defineScreenAction` — its name,
 * title, params schema and `run(context)` — and a schema button names it. Screens never branch on
 * the name: they call `runAction(name, context)`, so a new action is one new file.
 */
import { defineAction, getAction, type ActionDefinition } from '../core/registry';
import type { ActionContext, ActionHost } from './types';

export type ScreenAction = ActionDefinition<ActionContext> & {
  title: { zh: string; en: string };
  run(context: ActionContext): unknown;
};

export const defineScreenAction = (def: ScreenAction) => defineAction<ActionContext>(def) as ScreenAction;

/** Runs a registered action; an unknown name or a missing screen capability warns and does nothing. */
export async function runAction(name: string, context: ActionContext): Promise<unknown> {
  const action = getAction(name);
  if (!action?.run) {
    context.ui.warning(context.ui.t('runtime.action.unknown', { name }));
    return undefined;
  }
  return action.run(context);
}

/** The host capability an action needs, or a warning (runtime.action.unavailable) and undefined. */
export function need<K extends keyof ActionHost>(
  context: ActionContext,
  key: K,
): NonNullable<ActionHost[K]> | undefined {
  const capability = context.host[key];
  if (capability === undefined || capability === null) {
    context.ui.warning(context.ui.t('runtime.action.unavailable'));
    return undefined;
  }
  return capability as NonNullable<ActionHost[K]>;
}

/** Only http(s) and site-relative addresses are followed (never javascript: or data:). */
export const isSafeUrl = (url: unknown): url is string =>
  typeof url === 'string' && /^(https?:\/\/|\/(?!\/))/.test(url) && url.length <= 2000;
