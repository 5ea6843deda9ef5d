/**
 * Picture codes for the sign-in form. The text comes from the platform CSPRNG (svg-captcha's own
 * uses Math.random) and is stored only as a hash bound to its key; a code is good once, for five
 * minutes, and compared case-insensitively.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { newId } from '../db/ids';
import { sha256 } from './tokens';

export const CAPTCHA_TTL_MS = 300_000;
/** No 0/O, 1/I/L: codes are read by people. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCaptchaText(length = 4): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

// The module itself is the render function (text, options) → SVG; its typings only describe the
// helpers, whose text would come from Math.random.
const renderSvg = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

const codeHash = (key: string, code: string) => sha256(`${key}:${code.trim().toLowerCase()}`);

export class CaptchaStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
    private readonly text: () => string = randomCaptchaText,
  ) {}

  async issue(): Promise<{ codeKey: string; image: string }> {
    const now = this.now();
    const codeKey = newId();
    const text = this.text();
    await this.db.deleteFrom(this.table).where('expires_at', '<', now).execute();
    await this.db
      .insertInto(this.table)
      .values({ id: codeKey, code_hash: codeHash(codeKey, text), created_at: now, expires_at: now + CAPTCHA_TTL_MS })
      .execute();
    const svg = renderSvg(text, { width: 120, height: 40, noise: 2, color: true, background: '#f5f7fa' });
    return { codeKey, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Consumes the code (whatever the outcome) and tells whether it matched in time. */
  async consume(codeKey: string, code: string): Promise<boolean> {
    const row = await this.db.selectFrom(this.table).selectAll().where('id', '=', codeKey).executeTakeFirst();
    if (!row) return false;
    const deleted = await this.db.deleteFrom(this.table).where('id', '=', codeKey).executeTakeFirst();
    // Two concurrent uses of one key: only the one that deleted the row may pass.
    if (Number(deleted.numDeletedRows) !== 1 || Number(row.expires_at) <= this.now()) return false;
    return timingSafeEqual(Buffer.from(codeHash(codeKey, code)), Buffer.from(String(row.code_hash)));
  }
}
