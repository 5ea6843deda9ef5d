/**
 * What the applications admin page (schemas/pages/system/app*.json) may change on its own app row
 * through PUT common/{prefix}app/:id (docs/auth.md "The app table"). The form sends the whole
 * record back, so the fixed fields (identifier, keys, source, id) pass when they are unchanged and
 * are refused, naming the field, when they differ. ai_config and upload_config are served to any
 * visitor by GET api/app/:identify, so they are closed shapes: an unknown key (a secret pasted in
 * by mistake) is refused rather than published. Which columns can be written at all is the app
 * table's column list (server/modules/system-tables.ts); this file checks their values:
 * logo / login_cover are shown on the login page before any session, so they are URLs anyone can
 * load (not our session-bound uploads); ip_allow_list is parsed by server/access/ip-allow-list.ts
 * and must keep the saving admin's own address on it.
 */
import { allows, parseAllowList, MAX_ENTRIES } from '../access/ip-allow-list';
import { QINIU_REGIONS } from '../files/qiniu';
import { badRequest } from '../errors';
import { isPlainObject, type Row } from '../common/values';
import type { AppRow } from './apps';

/** Body keys that must equal the stored value: they identify the app or belong to the server. */
const FIXED: readonly (keyof AppRow | 'app_id')[] = ['id', 'app_id', 'identify', 'source', 'public_key', 'private_key'];
/** 0/1 switches of the row. */
const FLAGS = ['watermark', 'encrypt', 'protect'] as const;
const ROTATE_MAX = 180;
const PAY_MODE_MAX = 9;
const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
const DOMAIN_MAX = 255;

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');
const fixedField = (key: string) => badRequest('app.fieldFixed', { key });
const invalid = (field: string, key: string, hint: string) => badRequest('app.configInvalid', { field, key, hint });

function flag(key: string, value: unknown): number {
  if (value === true || value === 1 || value === '1') return 1;
  if (value === false || value === 0 || value === '0') return 0;
  throw badRequest('app.flagInvalid', { key });
}

function bool(field: string, key: string, value: unknown): boolean {
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  throw invalid(field, key, 'true / false');
}

function integer(field: string, key: string, value: unknown, allowed: (n: number) => boolean, hint: string): number {
  const number = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || !allowed(number)) throw invalid(field, key, hint);
  return number;
}

/** A config value as an object: the object itself, or its JSON text; null for an empty one. */
function configObject(field: string, value: unknown): Row | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest('app.configNotObject', { field });
    }
  }
  if (!isPlainObject(parsed)) throw badRequest('app.configNotObject', { field });
  return parsed;
}

type Checks = Record<string, (field: string, key: string, value: unknown) => unknown>;

function closedShape(field: string, value: Row, checks: Checks): Row {
  const out: Row = {};
  for (const [key, item] of Object.entries(value)) {
    const check = checks[key];
    if (!check) throw badRequest('app.configUnknownKey', { field, key, allowed: Object.keys(checks).join(', ') });
    if (item !== null && item !== undefined && item !== '') out[key] = check(field, key, item);
  }
  return out;
}

const AI_CHECKS: Checks = {
  enabled: bool,
  showInNavBar: bool,
  payMode: (field, key, value) => integer(field, key, value, (n) => n >= 0 && n <= PAY_MODE_MAX, `0–${PAY_MODE_MAX}`),
  // The ai/config page's keys (server/ai/ai-config.ts, docs/ai.md "Quota, pay mode and recharge").
  chat: bool,
  draw: bool,
  generator: bool,
  dailyQuota: (field, key, value) => integer(field, key, value, (n) => n >= 0 && n <= 100_000, '0–100000'),
  // ai-config.ts DRAW_PRICE_MAX (not imported: the AI feature builds on this one, not the reverse)
  drawPrice: (field, key, value) => integer(field, key, value, (n) => n >= 0 && n <= 100_000, '0–100000'),
  timeZone(field, key, value) {
    if (typeof value !== 'string' || value.length > 64) throw invalid(field, key, 'Asia/Shanghai');
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
    } catch {
      throw invalid(field, key, 'Asia/Shanghai');
    }
    return value;
  },
};

const UPLOAD_CHECKS: Checks = {
  position: (field, key, value) => integer(field, key, value, (n) => n === 1 || n === 2, '1 / 2'),
  region(field, key, value) {
    if (typeof value !== 'string' || !(QINIU_REGIONS as readonly string[]).includes(value))
      throw invalid(field, key, QINIU_REGIONS.join(', '));
    return value;
  },
  bucket(field, key, value) {
    if (typeof value !== 'string' || !BUCKET.test(value)) throw invalid(field, key, 'a-z 0-9 -');
    return value;
  },
  domain(field, key, value) {
    const hint = 'https://files.example.com';
    if (typeof value !== 'string' || value.length > DOMAIN_MAX) throw invalid(field, key, hint);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw invalid(field, key, hint);
    }
    // A URL prefix of stored files: no credentials, query or fragment to smuggle into links.
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
      throw invalid(field, key, hint);
    return value.replace(/\/+$/, '');
  },
};

/** Data URLs of these picture types only; the column is shown as an <img> and a CSS background. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
/** Characters that would end a CSS url(...) or an attribute: never part of a stored picture address. */
const UNSAFE_IN_URL = /[\s"'()\\<>]/;
const IMAGE_MAX = 512 * 1024;
/** Longest entry quoted back in an error message. */
const ENTRY_SHOWN = 64;

/** logo / login_cover: an http(s) URL, a site path (/logo.png) or a data:image URL; null when empty. */
export function imageUrl(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === '') return null;
  const bad = () => badRequest('app.imageUrlInvalid', { field });
  if (text === undefined || text.length > IMAGE_MAX) throw bad();
  if (DATA_IMAGE.test(text)) return text;
  if (UNSAFE_IN_URL.test(text)) throw bad();
  if (/^\/(?!\/)/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad();
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) throw bad();
  return text;
}

/**
 * ip_allow_list as stored (one entry per line), or null for "everyone". A list that does not let
 * `clientIp` — the saving admin — in is refused: saving it would lock them out with no way back
 * but the database.
 */
export function ipAllowListText(value: unknown, clientIp: string | undefined): string | null {
  if (value !== null && value !== undefined && typeof value !== 'string')
    throw badRequest('app.ipListInvalid', { entry: String(value).slice(0, ENTRY_SHOWN) });
  const allowList = parseAllowList(
    value,
    (entry) => badRequest('app.ipListInvalid', { entry: entry.slice(0, ENTRY_SHOWN) }),
    () => badRequest('app.ipListTooLong', { max: MAX_ENTRIES }),
  );
  if (!allowList) return null;
  if (clientIp !== undefined && !allows(allowList, clientIp))
    throw badRequest('app.ipListSelfLockout', { ip: clientIp });
  return allowList.entries.join('\n');
}

/** ai_config (enabled, showInNavBar, payMode) as stored JSON text, or null. */
export function aiConfigText(value: unknown): string | null {
  const object = configObject('ai_config', value);
  return object ? JSON.stringify(closedShape('ai_config', object, AI_CHECKS)) : null;
}

/** upload_config (position 1 local | 2 cloud, region, bucket, domain) as stored JSON text, or null. */
export function uploadConfigText(value: unknown): string | null {
  const object = configObject('upload_config', value);
  if (!object) return null;
  const config = closedShape('upload_config', object, UPLOAD_CHECKS);
  // Cloud uploads need a bucket: without one every upload would fail later, far from the cause.
  if (config.position === 2 && !config.bucket) throw badRequest('app.bucketRequired');
  return JSON.stringify(config);
}

/**
 * The body of an update of `current` (the caller's app row) at path id `id`, checked and with the
 * config values normalised to their stored JSON text; the fixed keys it echoes are dropped.
 */
export function appUpdateBody(current: AppRow, id: string, body: unknown, clientIp?: string): Row {
  if (!isPlainObject(body)) throw badRequest('server.bodyNotObject');
  const out: Row = { ...body };
  for (const key of FIXED) {
    if (!Object.hasOwn(body, key)) continue;
    const stored =
      key === 'id' || key === 'app_id' ? id : key === 'private_key' ? undefined : current[key as keyof AppRow];
    // The private key is never read by the client, so any value sent for it is an attempt to set it.
    if (key === 'private_key' || !same(body[key], stored)) throw fixedField(key);
    delete out[key];
  }
  for (const key of FLAGS) if (Object.hasOwn(body, key)) out[key] = flag(key, body[key]);
  if (Object.hasOwn(body, 'watermark_rotate')) {
    const value = body.watermark_rotate;
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (number !== null && number !== undefined && number !== '') {
      if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > ROTATE_MAX)
        throw badRequest('app.rotateInvalid', { max: ROTATE_MAX });
    }
  }
  if (Object.hasOwn(body, 'ai_config')) out.ai_config = aiConfigText(body.ai_config);
  if (Object.hasOwn(body, 'upload_config')) out.upload_config = uploadConfigText(body.upload_config);
  for (const key of ['logo', 'login_cover'] as const) if (Object.hasOwn(body, key)) out[key] = imageUrl(key, body[key]);
  if (Object.hasOwn(body, 'ip_allow_list')) out.ip_allow_list = ipAllowListText(body.ip_allow_list, clientIp);
  return out;
}
