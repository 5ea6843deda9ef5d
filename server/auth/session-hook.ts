/**
 * Resolves the session of every non-public API request: the token (sealed in x-sec-auth on a
 * sealed request, else from `authorization`), its user (live, enabled, same app), roles and app.
 * The app of a request is the session's, never a header's or the body's (DESIGN §4). Missing,
 * expired or revoked sessions answer P4007 with HTTP 200, which the client treats as "sign out".
 * A session due for renewal gets a new token in the `authorization` response header, which the
 * envelope plugin seals into x-sec-auth when the request was sealed (docs/envelope.md).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import { EnvelopeHeaders } from '../../protocol/envelope/constants';
import { matchedRoute } from '../plugins/route';
import { sealTokenHeader } from '../plugins/envelope';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import type { AppRow } from '../platform/apps';
import type { AuthEntry } from './auth-cache';
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
    /**
     * A non-GET route that writes nothing the session cache holds (sessions, users, roles, grants,
     * apps): it neither bypasses nor empties the cache (auth-cache.ts). For long requests, whose
     * bypass would send every request of the instance to the database for as long as they run: the
     * chat's send lasts a whole streamed answer.
     */
    sessionCacheSafe?: boolean;
  }
}

const logout = () => new ApiError(ResultCode.LOGOUT, 'error.logout');
/** A token seen in clear where the envelope is on: it is revoked, so the answer is a sign-out. */
const plainToken = () => new ApiError(ResultCode.LOGOUT, 'error.plainToken');

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
  if (matchedRoute(request).config?.envelope === 'optional') return;
  throw new ApiError(ResultCode.BAD_REQUEST, 'error.badEnvelope', {}, 400);
}

/**
 * Whether a request may write a system table (users, roles, menus, modules, apps, sessions...):
 * every non-GET request except reads of the common API and the common API on module tables
 * (`:table` without the system prefix, as the registry resolves it), and routes declared
 * `sessionCacheSafe`. Deliberately broad: a false positive costs a cache refill, and a bypass for
 * as long as the request runs.
 */
export function maySystemWrite(request: FastifyRequest, prefix: string): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  if (request.is404) return false;
  const { url: route, config } = matchedRoute(request);
  if (config?.sessionCacheSafe) return false;
  if (!route.startsWith('/api/common/:table')) return true;
  if (/\/(list|export|downloadTemplate)\/?$/.test(route)) return false;
  const table = (request.params as { table?: unknown } | undefined)?.table;
  return typeof table !== 'string' || table.startsWith(prefix);
}

/** Bypasses the session cache while a possible system write runs (auth-cache.ts). */
function markSystemWrite(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): void {
  if (!maySystemWrite(request, ctx.config.tablePrefix)) return;
  const endHere = ctx.sessions.cache.beginWrite();
  let ended = false;
  const end = () => {
    endHere();
    if (ended) return;
    ended = true;
    // The other instances drop their cached sessions, roles and grants of this app too.
    const appId = request.auth?.app.id;
    if (appId) void ctx.bus.publish({ type: 'auth.changed', appId });
  };
  // 'finish' once the reply is written (the handler's writes are done), 'close' if the client left.
  reply.raw.once('finish', end);
  reply.raw.once('close', end);
}

/** Session, user and roles of a token from the cache (a cached session still expires on time). */
function cached(ctx: ServerContext, hash: string): AuthEntry | 'expired' | undefined {
  const hit = ctx.sessions.cache.get(hash);
  if (!hit) return undefined;
  return hit.session.expires_at > ctx.now() ? hit : 'expired';
}

/** Session, user and roles of a token loaded from the database (and cached when allowed). */
async function load(ctx: ServerContext, users: Users, token: string, hash: string): Promise<AuthEntry | undefined> {
  const cache = ctx.sessions.cache;
  const mark = cache.mark();
  const session = await ctx.sessions.find(token);
  if (!session) return undefined;
  const user = await users.byId(session.app_id, session.user_id);
  if (!user) return undefined;
  const entry: AuthEntry = { session, user, roles: await users.roles(session.app_id, user.role_ids) };
  cache.set(hash, entry, mark);
  return entry;
}

/** The session of a request with a token: request.auth, and a renewed token when due. */
async function authenticate(
  ctx: ServerContext,
  users: Users,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const hash = sha256(token);
  // A warm token is answered from the cache without the extra promise of load().
  const hit = cached(ctx, hash);
  const entry = hit === 'expired' ? undefined : (hit ?? (await load(ctx, users, token, hash)));
  if (!entry) throw logout();
  const { session, user, roles } = entry;
  const app = await ctx.apps.findById(session.app_id);
  if (Number(user.status) !== 1 || !app) throw logout();
  if (!request.envelope && ctx.envelope && Number(app.encrypt) === 1) {
    // The envelope is on for this app, so this token travelled in clear (an old or broken client,
    // or an attacker's copy): whoever saw it could seal it themselves, so it is dead from now on.
    await revokePlain(ctx, request, hash);
  }
  requireSealed(ctx, request, app);
  // A sealed request must be sealed for the session's own app: a token of app A under app B's key
  // (B's envelope, B's replay and key rules) is refused like any envelope that does not check out.
  if (request.envelope && request.envelope.appId !== app.id)
    throw new ApiError(ResultCode.BAD_REQUEST, 'error.badEnvelope', {}, 400);
  request.auth = { session, user, roles, app, isAdmin: roles.some((r) => r.identify === 'admin') };
  if (!ctx.sessions.renewalDue(session)) return;
  const renewed = await ctx.sessions.renewIfDue(session);
  if (renewed) {
    request.auth.renewedTokenHash = sha256(renewed);
    // Sealed request: the renewal goes sealed (docs/envelope.md), even on replies that skip onSend.
    if (request.envelope) reply.header(EnvelopeHeaders.AUTH, sealTokenHeader(request.envelope, renewed));
    else reply.header(Headers.AUTHORIZATION, renewed);
  }
}

/** Revokes a session whose token came in clear where it must come sealed, logs it, refuses. */
async function revokePlain(ctx: ServerContext, request: FastifyRequest, hash: string): Promise<never> {
  await ctx.sessions.revoke(hash);
  // The hash prefix identifies the session for an operator; the token itself is never logged.
  request.log.warn({ plainToken: hash.slice(0, 12) }, 'session token sent in clear with the envelope on: revoked');
  throw plainToken();
}

/**
 * The token of a sealed request: from x-sec-auth only. One beside it in clear is refused and, being
 * a real session's token seen in clear, revoked. Also for public routes that read a session
 * themselves (sendSmsCode for changeMobile).
 */
export async function sealedToken(ctx: ServerContext, request: FastifyRequest): Promise<string | undefined> {
  const header = request.headers[Headers.AUTHORIZATION];
  if (header !== undefined) {
    const plain = tokenFromHeader(header);
    if (plain) await revokePlain(ctx, request, sha256(plain));
    throw plainToken();
  }
  return tokenFromHeader(request.envelope?.token);
}

/** preHandler; public routes and non-API paths pass synchronously, without a promise. */
export function sessionHook(ctx: ServerContext, users: Users) {
  return function resolveSession(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    markSystemWrite(ctx, request, reply);
    if (request.is404 || matchedRoute(request).config?.public || !request.url.startsWith('/api/')) return done();
    if (request.envelope) {
      return sealedToken(ctx, request).then((token) => {
        if (!token) throw logout();
        return authenticate(ctx, users, request, reply, token);
      });
    }
    const plain = tokenFromHeader(request.headers[Headers.AUTHORIZATION]);
    // Thrown here, it reaches the error handler like a rejected async hook's error.
    if (!plain) throw logout();
    return authenticate(ctx, users, request, reply, plain);
  };
}
