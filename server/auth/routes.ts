/** Picture code, user info and sign-out (sign-in is login.ts). */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { ok } from '../reply';
import { registerLogin } from './login';
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

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext, users: Users): void {
  app.get('/api/auth/getPicCode', { config: { public: true } }, async (request) => {
    const { identify } = request.query as Record<string, unknown>;
    if (typeof identify !== 'string' || identify === '')
      throw badRequest('server.fieldRequired', { title: 'identify' });
    if (!(await ctx.apps.findByIdentify(identify))) throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
    return ok(request, await ctx.captcha.issue());
  });

  registerLogin(app, ctx, users);

  app.get('/api/auth/userInfo', async (request) => {
    const { user, roles, app: target } = requireAuth(request);
    const menuIds = [...new Set(roles.flatMap((role) => splitIds(role.menu_ids)))];
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
    });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const auth = requireAuth(request);
    await ctx.sessions.revoke(auth.session.token_hash);
    if (auth.renewedTokenHash) await ctx.sessions.revoke(auth.renewedTokenHash);
    reply.removeHeader(Headers.AUTHORIZATION);
    return ok(request, null);
  });
}
