/**
 * The signed-in user's own account (docs/auth.md): change password (under the app's policy,
 * docs/settings.md; revokes the user's other sessions), change mobile (SMS code sent to the new
 * number), refresh the server caches.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { mobile, newPassword, password, smsCode, strictObject } from '../http/shapes';
import { ok } from '../reply';
import type { SmsCodes } from '../sms/codes';
import { checkPassword, smsCodeWrong, SMS_CODE } from './bodies';
import { changePassword } from './password-policy';
import { verifyPassword } from './passwords';
import { lockedOut } from './login';
import { lockoutOf } from './rate-limit';
import { requireAuth } from './session-hook';
import type { Users } from './users';

const CHANGE_PASSWORD = strictObject(
  { oldPassword: password, newPassword },
  "Change the signed-in user's password (their other sessions end)",
);
const CHANGE_MOBILE = strictObject({ mobile, code: smsCode }, "Change the signed-in user's mobile number");

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext, users: Users, codes: SmsCodes): void {
  app.post('/api/auth/changePwd', { schema: { body: CHANGE_PASSWORD } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { oldPassword: string; newPassword: string };
    const settings = await ctx.settings.get(auth.app.id);
    // The policy first, as the route schema did before the policy was the app's.
    checkPassword(body.newPassword, settings);
    // Guessing the current password through this route counts like guessing it at sign-in.
    const attemptKey = ctx.attempts.key(auth.app.id, auth.user.account, request.ip);
    const lockout = lockoutOf(settings);
    if (await ctx.attempts.isLimited(attemptKey, lockout)) throw lockedOut(lockout);
    if (!(await verifyPassword(body.oldPassword, auth.user.password_hash))) {
      await ctx.attempts.recordFailure(attemptKey);
      throw new ApiError(ResultCode.AUTH_FAILED, 'auth.oldPasswordWrong');
    }
    await ctx.attempts.clear(attemptKey);
    await changePassword(ctx, users, auth.user, body.newPassword);
    const keep = [auth.session.token_hash, ...(auth.renewedTokenHash ? [auth.renewedTokenHash] : [])];
    await ctx.sessions.revokeAllOf(auth.user.id, auth.app.id, keep);
    request.log.info({ userId: auth.user.id, appId: auth.app.id }, 'password changed');
    return ok(request, null);
  });

  app.post('/api/auth/changeMobile', { schema: { body: CHANGE_MOBILE } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { mobile: string; code: string };
    const mobile = body.mobile.trim();
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
