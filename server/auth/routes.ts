/**
 * Picture code, user info and sign-out; sign-in by password (login.ts), SMS (sms-routes.ts) and
 * DingTalk (server/dingtalk); the user's own account (account-routes.ts). SMS_* and DINGTALK_*
 * come from `env` (docs/auth.md).
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { identify, strictObject } from '../http/shapes';
import { ok } from '../reply';
import { registerDingtalkRoutes } from '../dingtalk/routes';
import { loadDingtalkConfig } from '../dingtalk/client';
import { authTables } from '../db/migrations/0004-shell-auth';
import { SmsCodes } from '../sms/codes';
import { loadSmsSender } from '../sms/sender';
import { appSmsSenders } from '../sms/app-sender';
import { registerAccountRoutes } from './account-routes';
import { registerLogin } from './login';
import { mustChangePassword } from './password-gate';
import { passwordExpired } from './password-policy';
import { registerSmsRoutes } from './sms-routes';
import { requireAuth } from './session-hook';
import { splitIds, type Users } from './users';

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: Users,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const sender = loadSmsSender(env, app.log);
  if (sender.name === 'console')
    app.log.warn('SMS_PROVIDER=console: SMS codes are not sent, they are written to this log');
  const codes = new SmsCodes(ctx.db.db, authTables(ctx.config.tablePrefix).sms_code, ctx.now);
  registerSmsRoutes(app, ctx, { users, codes, senders: appSmsSenders(ctx, sender) });
  registerAccountRoutes(app, ctx, users, codes);
  registerDingtalkRoutes(app, ctx, users, loadDingtalkConfig(env));

  const picCodeQuery = strictObject({ identify }, 'The app asking for a picture code');
  app.get(
    '/api/auth/getPicCode',
    { config: { public: true }, schema: { querystring: picCodeQuery } },
    async (request) => {
      const appIdentify = (request.query as { identify: string }).identify;
      if (!(await ctx.apps.findByIdentify(appIdentify)))
        throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
      return ok(request, await ctx.captcha.issue());
    },
  );

  registerLogin(app, ctx, users);

  app.get('/api/auth/userInfo', async (request) => {
    const { user, roles, app: target } = requireAuth(request);
    const menuIds = [...new Set(roles.flatMap((role) => splitIds(role.menu_ids)))];
    const expired = passwordExpired(user, await ctx.settings.get(target.id), ctx.now());
    return ok(request, {
      id: user.id,
      name: user.name,
      mobile: user.mobile,
      avatar: user.avatar,
      role_ids: user.role_ids ?? '',
      roles: roles.map((r) => ({ id: r.id, name: r.name, identify: r.identify, level: r.level, menu_ids: r.menu_ids })),
      menu_ids: menuIds.join(','),
      appId: target.id,
      theme_config: parseJson(user.theme_config),
      // The app's QR key (runtime/core/qr): only here, for a signed-in user of this app; never in app info.
      qrKey: target.qr_key ?? null,
      // Set by an admin-given password: the shell opens change-password before anything else.
      mustChangePassword: mustChangePassword(user) || expired,
      // Why: the change page says "expired" rather than "initial password" (docs/settings.md).
      pwdExpired: expired,
    });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const auth = requireAuth(request);
    await ctx.sessions.revoke(auth.session.token_hash);
    if (auth.renewedTokenHash) await ctx.sessions.revoke(auth.renewedTokenHash);
    // Open event streams of this session close, on every instance (server/events/hub.ts).
    for (const tokenHash of [auth.session.token_hash, auth.renewedTokenHash]) {
      if (tokenHash)
        await ctx.bus.publish({ type: 'session.ended', appId: auth.app.id, userId: auth.user.id, tokenHash });
    }
    reply.removeHeader(Headers.AUTHORIZATION);
    return ok(request, null);
  });
}
