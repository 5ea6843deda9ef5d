/**
 * Resolves the session of every non-public API request: the token from `authorization`, its
 * user (live, enabled, same app), roles and app. The app of a request is the session's, never a
 * header's or the body's (DESIGN §4). Missing, expired or revoked sessions answer P4007 with HTTP
 * 200, which the client treats as "sign out". A session due for renewal gets a new token in the
 * `authorization` response header.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import type { AppRow } from '../platform/apps';
import type { SessionRow } from './sessions';
import { sha256, tokenFromHeader } from './tokens';
import type { RoleRow, UserRow, Users } from './users';

export interface RequestAuth {
  session: SessionRow;
  user: UserRow;
  roles: RoleRow[];
  app: AppRow;
  isAdmin: boolean;
  /** Hash of the token issued by renewal during this request (logout revokes it too). */
  renewedTokenHash?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | undefined;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (app info, health, picture code, sign-in). */
    public?: boolean;
  }
}

const logout = () => new ApiError(ResultCode.LOGOUT, 'error.logout');

export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw logout();
  return request.auth;
}

/**
 * An app with encrypt on accepts only sealed requests (platform-shell §7) once the envelope plugin
 * is active. The plugin checks apps named in x-sec-identity-id; this check covers the session's
 * app whatever the headers say. Same answer as the plugin's own refusal.
 */
export function requireSealed(ctx: ServerContext, request: FastifyRequest, app: Pick<AppRow, 'encrypt'>): void {
  if (!ctx.envelope || Number(app.encrypt) !== 1 || request.envelope) return;
  if (request.routeOptions.config?.envelope === 'optional') return;
  throw new ApiError(ResultCode.BAD_REQUEST, 'error.badEnvelope', {}, 400);
}

export function sessionHook(ctx: ServerContext, users: Users) {
  return async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.is404 || request.routeOptions.config?.public || !request.url.startsWith('/api/')) return;
    const token = tokenFromHeader(request.headers[Headers.AUTHORIZATION]);
    if (!token) throw logout();
    const session = await ctx.sessions.find(token);
    if (!session) throw logout();
    const [user, app] = await Promise.all([
      users.byId(session.app_id, session.user_id),
      ctx.apps.findById(session.app_id),
    ]);
    if (!user || Number(user.status) !== 1 || !app) throw logout();
    requireSealed(ctx, request, app);
    const roles = await users.roles(app.id, user.role_ids);
    request.auth = { session, user, roles, app, isAdmin: roles.some((r) => r.identify === 'admin') };
    const renewed = await ctx.sessions.renewIfDue(session);
    if (renewed) {
      request.auth.renewedTokenHash = sha256(renewed);
      reply.header(Headers.AUTHORIZATION, renewed);
    }
  };
}
