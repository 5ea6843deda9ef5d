/**
 * A user whose password was set by an admin (must_change_password, migration 0010), or whose
 * password is older than the app's expiry setting (docs/settings.md), may only change it, read who
 * they are and sign out until they do (issue 22 item 4): every other signed-in call answers P4011
 * (`auth.mustChangePassword`, or `sys.passwordExpired`). The shell's change-password page needs
 * exactly these three. preHandler after the session hook (it reads request.auth, already loaded
 * there); synchronous while the app's settings are cached, which they nearly always are.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import type { StoredSettings } from '../../protocol/settings';
import type { ServerContext } from '../context';
import { matchedRoute } from '../plugins/route';
import { ApiError } from '../errors';
import { passwordExpired } from './password-policy';

const OPEN_WHILE_FLAGGED = new Set(['/api/auth/changePwd', '/api/auth/userInfo', '/api/auth/logout']);

export function mustChangePassword(user: { must_change_password?: number | null }): boolean {
  return Number(user.must_change_password) === 1;
}

export function passwordGateHook(ctx: ServerContext) {
  return function passwordGate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    const auth = request.auth;
    if (!auth || OPEN_WHILE_FLAGGED.has(matchedRoute(request).url)) return done();
    // Thrown here, it reaches the error handler like a rejected async hook's error.
    if (mustChangePassword(auth.user)) throw new ApiError(ResultCode.MUST_CHANGE_PASSWORD, 'auth.mustChangePassword');
    const check = (settings: StoredSettings) => {
      if (passwordExpired(auth.user, settings, ctx.now()))
        throw new ApiError(ResultCode.MUST_CHANGE_PASSWORD, 'sys.passwordExpired');
    };
    const cached = ctx.settings.cached(auth.app.id);
    if (!cached) return ctx.settings.get(auth.app.id).then(check);
    check(cached);
    return done();
  };
}
