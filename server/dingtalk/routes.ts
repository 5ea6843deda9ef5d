/**
 * DingTalk sign-in (docs/auth.md): GET api/dingtalk/config tells the login page how to send the
 * browser to DingTalk (no secret); POST api/dingtalk/login exchanges the authCode and signs in
 * the app's account whose mobile is the DingTalk user's.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { stringBody } from '../auth/bodies';
import { requireSealed } from '../auth/session-hook';
import { appOf, openSession } from '../auth/sign-in';
import type { Users } from '../auth/users';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { ok } from '../reply';
import { dingtalkUser, DingtalkError, type DingtalkConfig } from './client';

const PUBLIC = { config: { public: true } } as const;

export function registerDingtalkRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: Users,
  config: DingtalkConfig | undefined,
): void {
  app.get('/api/dingtalk/config', { config: { public: true, envelope: 'optional' } }, async (request) => {
    const { identify } = request.query as Record<string, unknown>;
    if (typeof identify !== 'string' || identify === '')
      throw badRequest('server.fieldRequired', { title: 'identify' });
    await appOf(ctx, identify);
    return ok(request, {
      enabled: Boolean(config),
      clientId: config?.clientId ?? null,
      authorizeUrl: config?.authorizeUrl ?? null,
      scope: 'openid',
      prompt: 'consent',
    });
  });

  app.post('/api/dingtalk/login', PUBLIC, async (request, reply) => {
    const body = stringBody(request.body, { identify: 64, authCode: 512 });
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    if (!config) throw badRequest('auth.dingtalkDisabled');
    let mobile: string | undefined;
    try {
      mobile = (await dingtalkUser(config, body.authCode.trim())).mobile;
    } catch (error) {
      if (!(error instanceof DingtalkError)) throw error;
      request.log.warn({ reason: error.message }, 'DingTalk sign-in failed');
      throw new ApiError(ResultCode.AUTH_FAILED, 'auth.dingtalkFailed');
    }
    // DingTalk may prefix the country code (+86-138…); accounts hold the bare number.
    const bare = mobile?.replace(/^\+?86-?/, '').trim();
    const user = bare ? await users.byMobile(target.id, bare) : undefined;
    if (!user) throw new ApiError(ResultCode.AUTH_FAILED, 'auth.dingtalkNoAccount');
    return openSession(ctx, request, reply, user, target, 'dingtalk');
  });
}
