/**
 * Opening a session for a user found by any sign-in method (password, SMS, DingTalk, register),
 * and the app's on/off switch of each method (docs/settings.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { catalog } from '../../protocol/messages/index';
import type { StoredSettings } from '../../protocol/settings';
import type { AppRow } from '../platform/apps';
import { ok } from '../reply';
import type { UserRow } from './users';

export type SignInMethod = 'password' | 'sms' | 'dingtalk';

/** The setting that switches each way of opening a session (registering is by SMS code). */
const METHOD_OF: Record<string, SignInMethod> = {
  password: 'password',
  sms: 'sms',
  register: 'sms',
  dingtalk: 'dingtalk',
};

/** Refuses a sign-in method the app turned off, naming it in the caller's language. */
export function refuseDisabled(settings: StoredSettings, method: SignInMethod): void {
  if (!settings[`login_${method}`])
    throw new ApiError(ResultCode.FORBIDDEN, 'sys.methodDisabled', { method: catalog[`sys.method.${method}`] });
}

export async function openSession(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  app: AppRow,
  method: string,
) {
  // Sealed for another app's key: refused like any envelope that does not check out.
  if (request.envelope && request.envelope.appId !== app.id)
    throw new ApiError(ResultCode.BAD_REQUEST, 'error.badEnvelope', {}, 400);
  const switched = METHOD_OF[method];
  if (switched) refuseDisabled(await ctx.settings.get(app.id), switched);
  if (Number(user.status) !== 1) throw new ApiError(ResultCode.AUTH_FAILED, 'server.auth.disabled');
  const token = await ctx.sessions.create(user.id, app.id);
  request.log.info({ userId: user.id, appId: app.id, method }, 'signed in');
  // Sealed: the token travels only in the sealed body, never in a plaintext header.
  if (!request.envelope) reply.header(Headers.AUTHORIZATION, token);
  return ok(request, { token });
}

/** The app named in a public request's body, or P4015. */
export async function appOf(ctx: ServerContext, identify: string): Promise<AppRow> {
  const app = await ctx.apps.findByIdentify(identify);
  if (!app) throw new ApiError(ResultCode.APP_NOT_FOUND, 'error.appNotFound');
  return app;
}
