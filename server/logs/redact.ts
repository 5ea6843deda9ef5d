/**
 * What a log keeps of a record: secrets replaced by their key name, long text cut. Decided by the
 * key alone (a value cannot tell whether it is a secret): a key whose words — split at `_`, `-`,
 * `.` and camelCase — include one of SECRET_WORDS is redacted, at any depth, in objects, arrays
 * and JSON text (the app's upload_config, ai_config hold provider keys as JSON).
 */

export const REDACTED = '******';

/** Words that mark a key as a secret (password, apiKey, access_token, sms_code, privateKey…). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'token',
  'secret',
  'key',
  'apikey',
  'accesskey',
  'secretkey',
  'code',
  'captcha',
  'otp',
  'salt',
  'hash',
  'credential',
  'credentials',
  'authorization',
  'cookie',
  'signature',
  'private',
]);

/** Keys with a secret word that are public by design: the dictionary code, an app's public key. */
const PUBLIC_KEYS: ReadonlySet<string> = new Set([
  'dict_code',
  'public_key',
  'publickey',
  // The sys page's sign-in policy (protocol/settings.ts): switches and numbers, no secret in them.
  'login_password',
  'captcha_enabled',
  'captcha_after_failures',
  'password_min_length',
  'password_classes',
  'password_expiry_days',
  'password_history',
]);

/** Longest text kept per value: a log is for reading who changed what, not a second copy of blobs. */
export const MAX_TEXT = 2000;

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (PUBLIC_KEYS.has(lower)) return false;
  if (SECRET_WORDS.has(lower.replace(/[^a-z0-9]/g, ''))) return true;
  return wordsOf(key).some((word) => SECRET_WORDS.has(word));
}

function redactText(text: string): unknown {
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'object' && parsed !== null) return JSON.stringify(redact(parsed));
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** A copy of the value with every secret-named key's value replaced by REDACTED. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = isSecretKey(key) && inner !== null && inner !== undefined && inner !== '' ? REDACTED : redact(inner);
    }
    return out;
  }
  return value;
}
