/**
 * SMS-code routes (docs/auth.md): sendSmsCode, smsLogin, register, forgetPwd. All public; the app
 * comes from `identify`. Whether a mobile has an account is told only after a correct code.
 */
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { translate } from '../../protocol/messages/index';
import { can } from '../access/can';
import { accountGrants } from '../access/grants';
import { refuse } from '../access/hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ApiError, badRequest } from '../errors';
import { langOf, ok } from '../reply';
import type { SmsCodes, SmsScene } from '../sms/codes';
import { SMS_SCENES } from '../sms/codes';
import type { SmsSender } from '../sms/sender';
import { checkMobile, checkPassword, smsCodeWrong, stringBody, SMS_CODE } from './bodies';
import { hashPassword } from './passwords';
import { requireSealed } from './session-hook';
import { appOf, openSession } from './sign-in';
import { tokenFromHeader } from './tokens';
import type { Users } from './users';
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';

export interface SmsDeps {
  users: Users;
  codes: SmsCodes;
  sender: SmsSender;
}

const PUBLIC = { config: { public: true } } as const;

export function registerSmsRoutes(app: FastifyInstance, ctx: ServerContext, deps: SmsDeps): void {
  const { users, codes, sender } = deps;

  /** Consumes the code or answers P4010; the body's shape was checked before. */
  async function spend(appId: string, mobile: string, scene: SmsScene, code: string): Promise<void> {
    if (!SMS_CODE.test(code) || !(await codes.consume(appId, mobile, scene, code))) throw smsCodeWrong();
  }

  app.post('/api/auth/sendSmsCode', PUBLIC, async (request) => {
    const body = stringBody(request.body, { identify: 64, mobile: 32, scene: 16 });
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    const mobile = checkMobile(body.mobile);
    const scene = body.scene as SmsScene;
    if (!SMS_SCENES.includes(scene)) throw badRequest('server.invalidValue', { key: 'scene' });
    if (scene === 'changeMobile') {
      // Public route, so the session hook has not run: the caller must still be signed in here.
      const token = tokenFromHeader(request.headers.authorization);
      const session = token ? await ctx.sessions.find(token) : undefined;
      if (!session || session.app_id !== target.id) throw new ApiError(ResultCode.LOGOUT, 'error.logout');
    }
    if (await codes.isLimited(target.id, mobile, request.ip))
      throw new ApiError(ResultCode.RATE_LIMITED, 'auth.smsTooFrequent');
    const issued = await codes.issue(target.id, mobile, scene, request.ip);
    try {
      await sender.send(mobile, issued.code);
    } catch (error) {
      await codes.withdraw(issued.id);
      request.log.error({ err: error, provider: sender.name }, 'SMS not sent');
      throw new ApiError(ResultCode.SERVER_ERROR, 'auth.smsSendFailed', {}, 200);
    }
    return { code: ResultCode.SUCCESS, message: translate(langOf(request), 'auth.smsSent'), data: null };
  });

  app.post('/api/auth/smsLogin', PUBLIC, async (request, reply) => {
    const body = stringBody(request.body, { identify: 64, mobile: 32, code: 16 });
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    const mobile = checkMobile(body.mobile);
    await spend(target.id, mobile, 'login', body.code.trim());
    const user = await users.byMobile(target.id, mobile);
    if (!user) throw new ApiError(ResultCode.AUTH_FAILED, 'auth.mobileNotRegistered');
    return openSession(ctx, request, reply, user, target, 'sms');
  });

  app.post('/api/auth/register', PUBLIC, async (request, reply) => {
    const body = stringBody(request.body, {
      identify: 64,
      mobile: 32,
      code: 16,
      name: 64,
      password: PASSWORD_MAX_LENGTH,
    });
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    const mobile = checkMobile(body.mobile);
    checkPassword(body.password);
    const roleId = await users.roleIdByIdentify(target.id, 'user');
    if (!roleId) throw new ApiError(ResultCode.FORBIDDEN, 'auth.registerClosed');
    await spend(target.id, mobile, 'register', body.code.trim());
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
        role_ids: roleId,
        status: 1,
      })
      .execute();
    const user = await users.byId(target.id, id);
    return openSession(ctx, request, reply, user!, target, 'register');
  });

  app.post('/api/auth/forgetPwd', PUBLIC, async (request) => {
    const body = stringBody(request.body, { identify: 64, mobile: 32, code: 16, password: PASSWORD_MAX_LENGTH });
    const target = await appOf(ctx, body.identify);
    requireSealed(ctx, request, target);
    const mobile = checkMobile(body.mobile);
    checkPassword(body.password);
    await spend(target.id, mobile, 'forget', body.code.trim());
    const user = await users.byMobile(target.id, mobile);
    if (!user) throw new ApiError(ResultCode.AUTH_FAILED, 'auth.mobileNotRegistered');
    // No session here, so the trial rule (server/access) is asked about the account itself.
    const roles = await users.roles(target.id, user.role_ids);
    refuse(can(accountGrants(user.id, roles), 'write', { type: 'protectedArea', method: 'POST', list: false }));
    await users.update(target.id, user.id, { password_hash: await hashPassword(body.password) }, ctx.now());
    await ctx.sessions.revokeAllOf(user.id, target.id);
    request.log.info({ userId: user.id, appId: target.id }, 'password reset by SMS');
    return ok(request, null);
  });
}
