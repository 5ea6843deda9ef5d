/**
 * SMS-code routes (docs/auth.md): sendSmsCode, smsLogin, register, forgetPwd. All public; the app
 * comes from `identify`. Whether a mobile has an account is told only after a correct code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { translate } from '../../protocol/messages/index';
import { can } from '../access/can';
import { accountGrants } from '../access/grants';
import { refuse } from '../access/hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ApiError, badRequest } from '../errors';
import { withSignInLog } from '../logs/record';
import { identify, mobile, newPassword, smsCode, strictObject, text } from '../http/shapes';
import { langOf, ok } from '../reply';
import type { SmsCodes, SmsScene } from '../sms/codes';
import { SMS_SCENES } from '../sms/codes';
import type { AppSmsSenders } from '../sms/app-sender';
import { answerOf, recordSmsSend } from '../sms/send-log';
import { checkPassword, smsCodeWrong, SMS_CODE } from './bodies';
import { changePassword } from './password-policy';
import { hashPassword } from './passwords';
import { requireSealed, sealedToken } from './session-hook';
import { appOf, openSession, refuseDisabled } from './sign-in';
import { SignInThrottle, smsAccount } from './throttle';
import { tokenFromHeader } from './tokens';
import type { Users } from './users';
import { limitedBy } from '../rate-limits';

export interface SmsDeps {
  users: Users;
  codes: SmsCodes;
  /** The app's own provider and scene template when set on the sms page, else the environment's. */
  senders: Pick<AppSmsSenders, 'forScene'>;
}

const PUBLIC = { config: { public: true } } as const;

/** Each route's body: only these keys, each a non-blank string within its length (docs/auth.md). */
const SCHEMAS = {
  sendSmsCode: strictObject(
    {
      identify,
      mobile,
      scene: { type: 'string', enum: [...SMS_SCENES], description: 'What the code is for' },
    },
    'Send an SMS code to a mobile number',
  ),
  smsLogin: strictObject({ identify, mobile, code: smsCode }, 'Sign in with an SMS code'),
  register: strictObject(
    { identify, mobile, code: smsCode, name: text(64, 'Display name'), password: newPassword },
    'Create an account with a mobile number and an SMS code',
  ),
  forgetPwd: strictObject(
    { identify, mobile, code: smsCode, password: newPassword },
    'Set a new password with an SMS code',
  ),
};

interface SmsBody {
  identify: string;
  mobile: string;
  code: string;
}

export function registerSmsRoutes(app: FastifyInstance, ctx: ServerContext, deps: SmsDeps): void {
  const { users, codes, senders } = deps;

  /**
   * Consumes the code or answers P4010; the body's shape was checked before. Wrong codes are
   * throttled like passwords (throttle.ts): per mobile across addresses, per address, globally.
   */
  async function spend(
    request: FastifyRequest,
    appId: string,
    mobile: string,
    scene: SmsScene,
    code: string,
  ): Promise<void> {
    const throttle = new SignInThrottle(ctx.db.db, ctx.tables.login_attempt, ctx.now);
    // Claimed before the code is checked, so concurrent guesses in flight count (throttle.admit).
    const admission = await throttle.admit(appId, smsAccount(mobile), request.ip);
    if (admission.refusal) throw admission.refusal;
    if (!SMS_CODE.test(code) || !(await codes.consume(appId, mobile, scene, code))) {
      await throttle.failed(appId, smsAccount(mobile), request.ip, request.log);
      throw smsCodeWrong();
    }
    await throttle.release(admission);
    await throttle.recordSuccess(appId, smsAccount(mobile), request.log);
  }

  app.post(
    '/api/auth/sendSmsCode',
    { config: { public: true, ...limitedBy('smsSend') }, schema: { body: SCHEMAS.sendSmsCode } },
    async (request) => {
      const body = request.body as { identify: string; mobile: string; scene: SmsScene };
      const target = await appOf(ctx, body.identify);
      requireSealed(ctx, request, target);
      const mobile = body.mobile.trim();
      const scene = body.scene;
      // No code is sent for a way in the app has turned off (docs/settings.md).
      if (scene === 'login' || scene === 'register') refuseDisabled(await ctx.settings.get(target.id), 'sms');
      if (scene === 'changeMobile') {
        // Public route, so the session hook has not run: the caller must still be signed in here
        // (sealed request: the token is sealed too, never read from a plaintext header).
        const token = request.envelope
          ? await sealedToken(ctx, request)
          : tokenFromHeader(request.headers.authorization);
        const session = token ? await ctx.sessions.find(token) : undefined;
        if (!session || session.app_id !== target.id) throw new ApiError(ResultCode.LOGOUT, 'error.logout');
      }
      if (await codes.isLimited(target.id, mobile, request.ip))
        throw new ApiError(ResultCode.RATE_LIMITED, 'auth.smsTooFrequent');
      const { sender, templateCode } = await senders.forScene(target.id, scene);
      const issued = await codes.issue(target.id, mobile, scene, request.ip);
      // The sms page's send log (docs/sms.md); a failure to write it does not stop the sign-in.
      const logSend = (status: 'sent' | 'failed', answerCode: string) =>
        recordSmsSend(ctx.db.db, ctx.config.tablePrefix, ctx.now(), {
          appId: target.id,
          mobile,
          scene,
          provider: sender.name,
          templateCode,
          status,
          answerCode,
          userId: null,
        }).catch((err: unknown) => request.log.error({ err }, 'SMS send log not written'));
      try {
        await sender.send(mobile, issued.code);
        await logSend('sent', sender.name === 'console' ? 'CONSOLE' : 'OK');
      } catch (error) {
        await logSend('failed', answerOf(error));
        await codes.withdraw(issued.id);
        request.log.error({ err: error, provider: sender.name }, 'SMS not sent');
        throw new ApiError(ResultCode.SERVER_ERROR, 'auth.smsSendFailed', {}, 200);
      }
      return { code: ResultCode.SUCCESS, message: translate(langOf(request), 'auth.smsSent'), data: null };
    },
  );

  app.post('/api/auth/smsLogin', { ...PUBLIC, schema: { body: SCHEMAS.smsLogin } }, async (request, reply) => {
    const body = request.body as SmsBody;
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    refuseDisabled(await ctx.settings.get(target.id), 'sms');
    const mobile = body.mobile.trim();
    // Logged with the mobile as the account (server/logs), never the code.
    return withSignInLog(ctx, request, { appId: target.id, method: 'sms', account: mobile }, async (entry) => {
      await spend(request, target.id, mobile, 'login', body.code.trim());
      const user = await users.byMobile(target.id, mobile);
      if (!user) throw new ApiError(ResultCode.AUTH_FAILED, 'auth.mobileNotRegistered');
      entry.userId = user.id;
      return openSession(ctx, request, reply, user, target, 'sms');
    });
  });

  app.post('/api/auth/register', { ...PUBLIC, schema: { body: SCHEMAS.register } }, async (request, reply) => {
    const body = request.body as SmsBody & { name: string; password: string };
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    const settings = await ctx.settings.get(target.id);
    refuseDisabled(settings, 'sms');
    checkPassword(body.password, settings);
    const mobile = body.mobile.trim();
    const roleId = await users.roleIdByIdentify(target.id, 'user');
    if (!roleId) throw new ApiError(ResultCode.FORBIDDEN, 'auth.registerClosed');
    await spend(request, target.id, mobile, 'register', body.code.trim());
    if (await users.mobileTaken(target.id, mobile)) throw badRequest('auth.mobileTaken');
    const id = newId();
    await ctx.db.db
      .insertInto(ctx.tables.user)
      .values({
        id,
        app_id: target.id,
        ...insertAudit(id, ctx.now()),
        account: mobile,
        mobile,
        name: body.name.trim(),
        password_hash: await hashPassword(body.password),
        password_changed_at: ctx.now(),
        role_ids: roleId,
        status: 1,
      })
      .execute();
    const user = await users.byId(target.id, id);
    return openSession(ctx, request, reply, user!, target, 'register');
  });

  app.post('/api/auth/forgetPwd', { ...PUBLIC, schema: { body: SCHEMAS.forgetPwd } }, async (request) => {
    const body = request.body as SmsBody & { password: string };
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    checkPassword(body.password, await ctx.settings.get(target.id));
    const mobile = body.mobile.trim();
    await spend(request, target.id, mobile, 'forget', body.code.trim());
    const user = await users.byMobile(target.id, mobile);
    if (!user) throw new ApiError(ResultCode.AUTH_FAILED, 'auth.mobileNotRegistered');
    // No session here, so the trial rule (server/access) is asked about the account itself.
    const roles = await users.roles(target.id, user.role_ids);
    refuse(can(accountGrants(user.id, roles), 'write', { type: 'protectedArea', method: 'POST', list: false }));
    await changePassword(ctx, users, user, body.password);
    await ctx.sessions.revokeAllOf(user.id, target.id);
    request.log.info({ userId: user.id, appId: target.id }, 'password reset by SMS');
    return ok(request, null);
  });
}
