/**
 * The per-app IP allow list (platform-shell §2: "the site is blocked for non-whitelisted IPs").
 * app.ip_allow_list (migration 0007) holds IPv4 / IPv6 addresses and CIDR ranges, one per line or
 * comma-separated; empty lets everyone in. Parsing and matching are node:net's BlockList (used
 * as an allow list: "check" = "is on the list"), never hand-written address arithmetic.
 *
 * The hook refuses every /api/ call of an app from an address not on its list with P4018, which
 * the shell turns into the ipBlocked result page. The app of a call is the session's; a public
 * call (sign-in, picture code, SMS...) is checked against every app it names — the
 * x-sec-identity-id header, `identify` in the query or body — so leaving the header out does not
 * help. Exempt: GET api/app/:identify (the shell needs the app info to render the notice at all;
 * it is public and carries nothing the list protects) and api/health (no app).
 *
 * The client address is request.ip: the socket's peer unless TRUST_PROXY is set (server/config.ts,
 * docs/decisions.md). Recovery from a list that locks everyone out: clear the column in the
 * database (docs/decisions.md "IP allow list").
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ResultCode } from '../../protocol/codes';
import { Headers } from '../../protocol/http';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import type { AppRow } from '../platform/apps';
import { matchedRoute } from '../plugins/route';

/** More entries than an admin types by hand; bounds the work of one save and one check. */
export const MAX_ENTRIES = 200;
/** Routes reachable whatever the list says (see above). */
const EXEMPT_ROUTES = new Set(['/api/app/:identify', '/api/health']);

export interface AllowList {
  /** The entries, trimmed, in the order given: what is stored. */
  entries: string[];
  list: BlockList;
}

/** The entries of a stored or submitted list: split on newlines and commas, blanks dropped. */
export function allowListEntries(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined =>
  isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : undefined;

/** Adds one entry to the list, or answers false when it is not an address or CIDR range. */
function addEntry(list: BlockList, entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = familyOf(address);
  if (!family) return false;
  try {
    if (slash < 0) list.addAddress(address, family);
    else {
      const prefix = entry.slice(slash + 1);
      // BlockList checks the range (0–32 / 0–128); only "is it a whole number" is ours to ask.
      if (!/^\d{1,3}$/.test(prefix)) return false;
      list.addSubnet(address, Number(prefix), family);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The list of `text`, or null when it is empty (everyone allowed). Throws `invalid(entry)` for
 * the first entry that is not an address or a range, `tooLong()` past MAX_ENTRIES.
 */
export function parseAllowList<E extends Error>(
  text: string | null | undefined,
  invalid: (entry: string) => E,
  tooLong: () => E,
): AllowList | null {
  const entries = allowListEntries(text);
  if (entries.length === 0) return null;
  if (entries.length > MAX_ENTRIES) throw tooLong();
  const list = new BlockList();
  for (const entry of entries) if (!addEntry(list, entry)) throw invalid(entry);
  return { entries, list };
}

/** Whether `ip` is on the list (IPv4-mapped IPv6 addresses match IPv4 entries). */
export function allows(allowList: AllowList, ip: string): boolean {
  const family = familyOf(ip);
  return family !== undefined && allowList.list.check(ip, family);
}

/**
 * Parsed lists by app id, kept while the stored text is the same: the app row cache
 * (server/platform/apps.ts) is invalidated on save, so a changed text is read, and re-parsed here,
 * at once in this process and within its TTL elsewhere.
 */
export class AllowListCache {
  /** Bounded like the app cache: an app not asked for in a while is parsed again. */
  private readonly byApp = new LRUCache<string, { text: string; allowList: AllowList | null }>({ max: 1_000 });

  of(app: Pick<AppRow, 'id' | 'ip_allow_list'>): AllowList | null {
    const text = app.ip_allow_list ?? '';
    const hit = this.byApp.get(app.id);
    if (hit && hit.text === text) return hit.allowList;
    let allowList: AllowList | null;
    try {
      allowList = parseAllowList(
        text,
        (entry) => new Error(`bad entry ${entry}`),
        () => new Error('too many entries'),
      );
    } catch {
      // Saved lists are validated; a bad one written straight into the database keeps only its
      // good entries rather than opening the app to everyone.
      allowList = lenientList(text);
    }
    this.byApp.set(app.id, { text, allowList });
    return allowList;
  }
}

function lenientList(text: string): AllowList {
  const list = new BlockList();
  const entries = allowListEntries(text).filter((entry) => addEntry(list, entry));
  return { entries, list };
}

const blocked = () => new ApiError(ResultCode.IP_BLOCKED, 'error.ipBlocked');

/** The apps a public call names: by the envelope's app id header and by `identify`. */
async function appsNamed(ctx: ServerContext, request: FastifyRequest): Promise<AppRow[]> {
  const found: (AppRow | undefined)[] = [];
  const appId = request.headers[Headers.APP_ID];
  if (typeof appId === 'string' && appId) found.push(await ctx.apps.findById(appId));
  for (const source of [request.query, request.body]) {
    const identify = (source as { identify?: unknown } | null | undefined)?.identify;
    if (typeof identify === 'string' && identify) found.push(await ctx.apps.findByIdentify(identify));
  }
  return found.filter((app): app is AppRow => app !== undefined);
}

/**
 * preHandler, after the session hook (it needs request.auth). A signed-in call is checked
 * synchronously against its session's app (no promise per request); a public call looks up the
 * apps it names first.
 */
export function ipAllowListHook(ctx: ServerContext, cache = new AllowListCache()) {
  const check = (request: FastifyRequest, route: string, apps: readonly AppRow[]): void => {
    for (const app of apps) {
      const allowList = cache.of(app);
      if (allowList && !allows(allowList, request.ip)) {
        request.log.warn({ appId: app.id, ip: request.ip, url: route }, 'ip not on allow list');
        throw blocked();
      }
    }
  };
  return function ipAllowList(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (request.is404 || !request.url.startsWith('/api/')) return done();
    const route = matchedRoute(request).url;
    if (EXEMPT_ROUTES.has(route)) return done();
    if (!request.auth) return appsNamed(ctx, request).then((apps) => check(request, route, apps));
    // A refusal thrown here reaches the error handler like a rejected async hook's.
    check(request, route, [request.auth.app]);
    return done();
  };
}
