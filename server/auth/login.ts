/**
 * POST auth/login { identify, account, password, codeKey, code } → { token } and the token in the
 * `authorization` header. Unknown account and wrong password give the same code and message and
 * cost the same scrypt work; failures are counted per app, account and IP in the database. The
 * app's settings (docs/settings.md) may turn password sign-in off, ask the picture code only after
 * some failures (or never), and set the lockout's attempts and minutes.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { identify, password, strictObject, text } from '../http/shapes';
import { ok } from '../reply';
import type { StoredSettings } from '../../protocol/settings';
import { DEFAULT_LOCKOUT, lockoutOf, type Lockout } from './rate-limit';
import { verifyDummy, verifyPassword } from './passwords';
import { refuseDisabled } from './sign-in';
import { requireSealed } from './session-hook';
import { knownDevice, setDeviceCookie, SignInThrottle, type Admission } from './throttle';
import type { Users } from './users';
import { withSignInLog } from '../logs/record';

interface LoginBody {
  identify: string;
  account: string;
  password: string;
  codeKey?: string;
  code?: string;
}

const LOGIN_SCHEMA = {
  body: strictObject(
    {
      identify,
      account: text(64, 'The account name'),
      password,
      codeKey: text(64, 'The key of the picture code (auth/getPicCode)'),
      code: text(16, 'The picture code as typed'),
    },
    'Sign in with account and password (the picture code may be left out when the app does not ask for it)',
    ['codeKey', 'code'],
  ),
};

const failed = () => new ApiError(ResultCode.AUTH_FAILED, 'server.auth.failed');

/** The lock's refusal: the built-in numbers keep their message, others say the minutes. */
export function lockedOut(lockout: Lockout): ApiError {
  if (lockout.max === DEFAULT_LOCKOUT.max && lockout.windowMs === DEFAULT_LOCKOUT.windowMs)
    return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.tooManyAttempts');
  return new ApiError(ResultCode.RATE_LIMITED, 'sys.locked', { minutes: lockout.windowMs / 60_000 });
}

/** Whether this attempt must carry a right picture code: on, and the pair failed often enough. */
async function captchaAsked(ctx: ServerContext, settings: StoredSettings, key: string, windowMs: number) {
  if (!settings.captcha_enabled) return false;
  if (settings.captcha_after_failures === 0) return true;
  return (await ctx.attempts.failures(key, windowMs)) >= settings.captcha_after_failures;
}

export function registerLogin(app: FastifyInstance, ctx: ServerContext, users: Users): void {
  app.post('/api/auth/login', { config: { public: true }, schema: LOGIN_SCHEMA }, async (request, reply) => {
    const body = request.body as LoginBody;
    const target = await ctx.apps.findByIdentify(body.identify);
    if (!target) throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
    // The password travels in this body: an app with encrypt on takes it sealed only.
    requireSealed(ctx, request, target);
    // Sealed for another app's key: refused like any envelope that does not check out.
    if (request.envelope && request.envelope.appId !== target.id)
      throw new ApiError(ResultCode.BAD_REQUEST, 'error.badEnvelope', {}, 400);

    const account = body.account.trim();
    // The outcome goes to the sign-in log (server/logs): the refusal's key, never the password.
    return withSignInLog(ctx, request, { appId: target.id, method: 'password', account }, async (entry) => {
      const settings = await ctx.settings.get(target.id);
      refuseDisabled(settings, 'password');

      const attemptKey = ctx.attempts.key(target.id, body.account, request.ip);
      const lockout = lockoutOf(settings);
      if (await ctx.attempts.isLimited(attemptKey, lockout)) throw lockedOut(lockout);
      if (await captchaAsked(ctx, settings, attemptKey, lockout.windowMs)) {
        if (!body.codeKey || !body.code || !(await ctx.captcha.consume(body.codeKey, body.code)))
          throw new ApiError(ResultCode.AUTH_FAILED, 'server.auth.captchaWrong');
      }

      const user = await users.byLogin(target.id, account);
      if (user) entry.userId = user.id;
      // Per account, address and server (throttle.ts); a device this user signed in from before skips
      // them while it has not failed too often itself.
      const throttle = new SignInThrottle(ctx.db.db, ctx.tables.login_attempt, ctx.now);
      const device = user ? knownDevice(request, target, user.id, ctx.now()) : undefined;
      // Both counts are claimed before the password is checked (admit, reserve): concurrent guesses
      // in flight count, so a burst cannot slip past a limit (tests/faults/credential-stuffing).
      let admission: Admission = { ids: [] };
      if (!(device && (await throttle.deviceTrusted(device)))) {
        admission = await throttle.admit(target.id, body.account, request.ip);
        if (admission.refusal) throw admission.refusal;
      }
      const pairTry = await ctx.attempts.reserve(attemptKey, lockout);
      if (!pairTry) {
        await throttle.release(admission);
        throw lockedOut(lockout);
      }
      const good = user ? await verifyPassword(body.password, user.password_hash) : await verifyDummy(body.password);
      if (!user || !good) {
        // The claimed rows stay: they are this failure.
        await throttle.failed(target.id, body.account, request.ip, request.log);
        if (device) await throttle.recordDeviceFailure(device, target.id, request.log);
        throw failed();
      }
      await throttle.release(admission);
      // Told only to someone who knows the password.
      if (Number(user.status) !== 1) {
        await ctx.attempts.release(pairTry);
        throw new ApiError(ResultCode.AUTH_FAILED, 'server.auth.disabled');
      }
      await ctx.attempts.clear(attemptKey);
      await throttle.recordSuccess(target.id, body.account, request.log);
      const token = await ctx.sessions.create(user.id, target.id);
      request.log.info({ userId: user.id, appId: target.id }, 'signed in');
      setDeviceCookie(request, reply, target, user.id, ctx.now());
      // Sealed: the token travels only in the sealed body, never in a plaintext header.
      if (!request.envelope) reply.header(Headers.AUTHORIZATION, token);
      return ok(request, { token });
    });
  });
}
