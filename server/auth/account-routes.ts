/**
 * The signed-in user's own account (docs/auth.md): change password (revokes the user's other
 * sessions), change mobile (SMS code sent to the new number), refresh the server caches.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { ok } from '../reply';
import type { SmsCodes } from '../sms/codes';
import { checkMobile, checkPassword, smsCodeWrong, stringBody, SMS_CODE } from './bodies';
import { hashPassword, verifyPassword } from './passwords';
import { requireAuth } from './session-hook';
import type { Users } from './users';

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext, users: Users, codes: SmsCodes): void {
  app.post('/api/auth/changePwd', async (request) => {
    const auth = requireAuth(request);
    const body = stringBody(request.body, { oldPassword: PASSWORD_MAX_LENGTH, newPassword: PASSWORD_MAX_LENGTH });
    checkPassword(body.newPassword);
    // Guessing the current password through this route counts like guessing it at sign-in.
    const attemptKey = ctx.attempts.key(auth.app.id, auth.user.account, request.ip);
    if (await ctx.attempts.isLimited(attemptKey))
      throw new ApiError(ResultCode.RATE_LIMITED, 'server.auth.tooManyAttempts');
    if (!(await verifyPassword(body.oldPassword, auth.user.password_hash))) {
      await ctx.attempts.recordFailure(attemptKey);
      throw new ApiError(ResultCode.AUTH_FAILED, 'auth.oldPasswordWrong');
    }
    await ctx.attempts.clear(attemptKey);
    await users.update(
      auth.app.id,
      auth.user.id,
      { password_hash: await hashPassword(body.newPassword), must_change_password: 0 },
      ctx.now(),
    );
    const keep = [auth.session.token_hash, ...(auth.renewedTokenHash ? [auth.renewedTokenHash] : [])];
    await ctx.sessions.revokeAllOf(auth.user.id, auth.app.id, keep);
    request.log.info({ userId: auth.user.id, appId: auth.app.id }, 'password changed');
    return ok(request, null);
  });

  app.post('/api/auth/changeMobile', async (request) => {
    const auth = requireAuth(request);
    const body = stringBody(request.body, { mobile: 32, code: 16 });
    const mobile = checkMobile(body.mobile);
    const code = body.code.trim();
    if (!SMS_CODE.test(code) || !(await codes.consume(auth.app.id, mobile, 'changeMobile', code))) throw smsCodeWrong();
    if (await users.mobileTaken(auth.app.id, mobile, auth.user.id)) throw badRequest('auth.mobileTaken');
    await users.update(auth.app.id, auth.user.id, { mobile }, ctx.now());
    return ok(request, null);
  });

  app.post('/api/auth/refreshCache', async (request) => {
    const auth = requireAuth(request);
    // Per-process caches only: the app cache and this app's module-table registry.
    ctx.apps.invalidate();
    ctx.registry.invalidate(auth.app.id);
    return ok(request, null);
  });
}
