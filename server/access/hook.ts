/**
 * The trial-account rule in one place (platform-shell §6): a preHandler, registered after the
 * session hook, that lets a trial user only read (GET, or POST …/list) on the protected areas —
 * the common API on system tables, database, user, auth/changePwd, auth/forgetPwd. forgetPwd is
 * public, so its route asks can() for the account it resets (auth/sms-routes.ts).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { can, type Decision } from './can';
import { grantsOf } from './grants';
import { matchedRoute } from '../plugins/route';

export function protectedArea(path: string, prefix: string): boolean {
  if (path.startsWith(`/api/common/${prefix}`)) return true;
  return /^\/api\/(database|user)(\/|$)/.test(path) || /^\/api\/auth\/(changePwd|forgetPwd)\/?$/.test(path);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The app's system settings routes: admins only, refused here before the body is looked at. */
    settingsRoute?: boolean;
  }
}

export function refuse(decision: Decision): void {
  if (!decision.allowed)
    throw new ApiError(decision.code, decision.code === 'P4016' ? 'error.trial' : 'error.forbidden');
}

/** preHandler after the session hook; synchronous (no promise) for calls outside the protected areas. */
export function accessHook(ctx: ServerContext) {
  return function trialRule(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    const auth = request.auth;
    if (!auth) return done();
    // The matched route, not the raw URL: percent-encoding (tessera%5Fsys_role, change%50wd) must
    // not slip past the rule. The common API's table comes from its decoded parameter.
    const table = (request.params as { table?: unknown } | undefined)?.table;
    const matched = matchedRoute(request);
    if (matched.config?.settingsRoute)
      return grantsOf(ctx, request, auth).then((grants) => refuse(can(grants, 'read', { type: 'settings' })));
    const route = matched.url;
    const path = typeof table === 'string' ? route.replace(':table', table) : route;
    if (!protectedArea(path, ctx.config.tablePrefix)) return done();
    return grantsOf(ctx, request, auth).then((grants) =>
      refuse(can(grants, 'write', { type: 'protectedArea', method: request.method, list: /\/list\/?$/.test(path) })),
    );
  };
}
