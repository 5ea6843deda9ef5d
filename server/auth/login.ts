/**
 * POST auth/login { identify, account, password, codeKey, code } → { token } and the token in the
 * `authorization` header. Unknown account and wrong password give the same code and message and
 * cost the same scrypt work; failures are counted per app, account and IP in the database.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { ok } from '../reply';
import { verifyDummy, verifyPassword } from './passwords';
import { requireSealed } from './session-hook';
import { isKnownDevice, setDeviceCookie, SignInThrottle } from './throttle';
import type { Users } from './users';

interface LoginBody {
  identify: string;
  account: string;
  password: string;
  codeKey: string;
  code: string;
}

const LIMITS: Record<keyof LoginBody, number> = {
  identify: 64,
  account: 64,
  password: PASSWORD_MAX_LENGTH,
  codeKey: 64,
  code: 16,
};

function loginBody(body: unknown): LoginBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('server.bodyNotObject');
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record))
    if (!Object.hasOwn(LIMITS, key)) throw badRequest('server.unknownField', { key });
  for (const [key, max] of Object.entries(LIMITS)) {
    const value = record[key];
    if (typeof value !== 'string' || value.trim() === '') throw badRequest('server.fieldRequired', { title: key });
    if (value.length > max) throw badRequest('server.tooLong', { key, max });
  }
  return record as unknown as LoginBody;
}

const failed = () => new ApiError(ResultCode.AUTH_FAILED, 'server.auth.failed');

export function registerLogin(app: FastifyInstance, ctx: ServerContext, users: Users): void {
  app.post('/api/auth/login', { config: { public: true } }, async (request, reply) => {
    const body = loginBody(request.body);
    const target = await ctx.apps.findByIdentify(body.identify);
    if (!target) throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
    // The password travels in this body: an app with encrypt on takes it sealed only.
    requireSealed(ctx, request, target);
    // Sealed for another app's key: refused like any envelope that does not check out.
    if (request.envelope && request.envelope.appId !== target.id)
      throw new ApiError(ResultCode.BAD_REQUEST, 'error.badEnvelope', {}, 400);

    const attemptKey = ctx.attempts.key(target.id, body.account, request.ip);
    if (await ctx.attempts.isLimited(attemptKey))
      throw new ApiError(ResultCode.RATE_LIMITED, 'server.auth.tooManyAttempts');
    if (!(await ctx.captcha.consume(body.codeKey, body.code)))
      throw new ApiError(ResultCode.AUTH_FAILED, 'server.auth.captchaWrong');

    const user = await users.byLogin(target.id, body.account.trim());
    // Per account, address and server (throttle.ts); a device this user signed in from before skips them.
    const throttle = new SignInThrottle(ctx.db.db, ctx.tables.login_attempt, ctx.now);
    if (!(user && isKnownDevice(request, target, user.id, ctx.now()))) {
      const refusal = await throttle.check(target.id, body.account, request.ip);
      if (refusal) throw refusal;
    }
    const good = user ? await verifyPassword(body.password, user.password_hash) : await verifyDummy(body.password);
    if (!user || !good) {
      await ctx.attempts.recordFailure(attemptKey);
      await throttle.recordFailure(target.id, body.account, request.ip, request.log);
      throw failed();
    }
    // Told only to someone who knows the password.
    if (Number(user.status) !== 1) throw new ApiError(ResultCode.AUTH_FAILED, 'server.auth.disabled');
    await ctx.attempts.clear(attemptKey);
    await throttle.recordSuccess(target.id, body.account, request.log);
    const token = await ctx.sessions.create(user.id, target.id);
    request.log.info({ userId: user.id, appId: target.id }, 'signed in');
    setDeviceCookie(request, reply, target, user.id, ctx.now());
    // Sealed: the token travels only in the sealed body, never in a plaintext header.
    if (!request.envelope) reply.header(Headers.AUTHORIZATION, token);
    return ok(request, { token });
  });
}
