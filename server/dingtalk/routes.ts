/**
 * DingTalk sign-in (docs/auth.md): GET api/dingtalk/config tells the login page how to send the
 * browser to DingTalk (no secret); POST api/dingtalk/login exchanges the authCode and signs in
 * the app's account whose mobile is the DingTalk user's.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { requireSealed } from '../auth/session-hook';
import { appOf, openSession } from '../auth/sign-in';
import type { Users } from '../auth/users';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { withSignInLog } from '../logs/record';
import { identify, strictObject, text } from '../http/shapes';
import { ok } from '../reply';
import { dingtalkUser, DingtalkError, type DingtalkConfig } from './client';

const PUBLIC = { config: { public: true } } as const;

const CONFIG_QUERY = strictObject({ identify }, 'The app whose DingTalk sign-in is asked about');
const LOGIN_BODY = strictObject(
  { identify, authCode: text(512, 'The authorization code DingTalk sent back') },
  'Sign in with a DingTalk authorization code',
);

export function registerDingtalkRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: Users,
  config: DingtalkConfig | undefined,
): void {
  const configRoute = {
    config: { public: true, envelope: 'optional' },
    schema: { querystring: CONFIG_QUERY },
  } as const;
  app.get('/api/dingtalk/config', configRoute, async (request) => {
    await appOf(ctx, (request.query as { identify: string }).identify);
    return ok(request, {
      enabled: Boolean(config),
      clientId: config?.clientId ?? null,
      authorizeUrl: config?.authorizeUrl ?? null,
      scope: 'openid',
      prompt: 'consent',
    });
  });

  app.post('/api/dingtalk/login', { ...PUBLIC, schema: { body: LOGIN_BODY } }, async (request, reply) => {
    const body = request.body as { identify: string; authCode: string };
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    // Logged with the DingTalk mobile as the account once known (server/logs), never the auth code.
    return withSignInLog(ctx, request, { appId: target.id, method: 'dingtalk' }, async (entry) => {
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
      if (bare) entry.account = bare;
      const user = bare ? await users.byMobile(target.id, bare) : undefined;
      if (!user) throw new ApiError(ResultCode.AUTH_FAILED, 'auth.dingtalkNoAccount');
      entry.userId = user.id;
      return openSession(ctx, request, reply, user, target, 'dingtalk');
    });
  });
}
