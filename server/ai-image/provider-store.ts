/**
 * The drawing services of an app (the ai/draw page): at most one per draw type — MJ, a
 * midjourney-proxy base URL and its mj-api-secret; BAIDU_SD, Baidu's API key and secret key. Keys are
 * sealed like the chat models' (server/secrets, the row id as context), answered only as "set" and a
 * mask, kept on an empty edit. The URL is checked by the SSRF guard on save and on every call.
 */
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { DRAW_TYPES, type DrawType } from '../../protocol/ai-image';
import { newId } from '../db/ids';
import { ApiError, badRequest, notFound } from '../errors';
import { checkTarget, type OutboundPolicy } from '../net/outbound';
import { maskSealed, type SecretBox } from '../secrets/secrets';
import { BAIDU_BASE_URL, type SdTarget } from './baidu-sd';
import type { MjTarget } from './midjourney';
import { removeAllOrNone } from '../db/remove-by-ids';

export interface DrawProviderRow {
  id: string;
  app_id: string;
  draw_type: DrawType;
  label: string;
  base_url: string | null;
  api_key: string | null;
  secret_key: string | null;
  enabled: number;
  remark: string | null;
  create_at: number;
  update_at: number;
}

export type DrawProviderInput = Partial<
  Pick<DrawProviderRow, 'draw_type' | 'label' | 'base_url' | 'api_key' | 'secret_key' | 'enabled' | 'remark'>
>;

const SEALED = ['api_key', 'secret_key'] as const;
const context = (id: string, field: string) => `ai_draw_provider:${id}:${field}`;
const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
const ECHO = new Set(['id', 'create_at', 'update_at', 'create_by', 'update_by', 'api_key_mask', 'secret_key_mask']);

export class DrawProviderStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  view(row: DrawProviderRow): Record<string, unknown> {
    const { app_id: _app, api_key: _key, secret_key: _secret, ...rest } = row;
    const masked: Record<string, string> = {};
    for (const field of SEALED) {
      masked[`${field}_mask`] = maskSealed(this.box, row[field], context(row.id, field)).mask;
    }
    return {
      ...rest,
      enabled: Number(row.enabled),
      create_at: Number(row.create_at),
      update_at: Number(row.update_at),
      api_key: '',
      secret_key: '',
      ...masked,
    };
  }

  async list(appId: string): Promise<DrawProviderRow[]> {
    return (await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('draw_type')
      .execute()) as DrawProviderRow[];
  }

  async get(appId: string, id: string): Promise<DrawProviderRow> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as DrawProviderRow;
  }

  /** The enabled service of a draw type, or "model not supported, please change model". */
  async usable(appId: string, drawType: DrawType): Promise<DrawProviderRow> {
    const row = (await this.list(appId)).find((r) => r.draw_type === drawType && Number(r.enabled) === 1);
    if (!row) throw badRequest('aiImg.modelUnsupported');
    return row;
  }

  private open(row: DrawProviderRow, field: (typeof SEALED)[number]): string | null {
    const sealed = row[field];
    if (!sealed) return null;
    try {
      return this.box.open(sealed, context(row.id, field));
    } catch {
      throw badRequest('aiImg.keyUnreadable', { label: row.label });
    }
  }

  mjTarget(row: DrawProviderRow): MjTarget {
    return { baseUrl: row.base_url ?? '', secret: this.open(row, 'api_key') };
  }

  sdTarget(row: DrawProviderRow): SdTarget {
    return {
      baseUrl: row.base_url || BAIDU_BASE_URL,
      apiKey: this.open(row, 'api_key') ?? '',
      secretKey: this.open(row, 'secret_key') ?? '',
    };
  }

  async create(appId: string, userId: string, input: DrawProviderInput, policy: OutboundPolicy) {
    const values = normalise({ enabled: 1, ...input });
    const id = newId();
    await this.check(
      appId,
      { ...values, id },
      { api_key: !blank(values.api_key), secret_key: !blank(values.secret_key) },
      policy,
    );
    const now = this.now();
    const { api_key: _key, secret_key: _secret, ...plain } = values;
    await this.write(() =>
      this.db
        .insertInto(this.table)
        .values({
          ...plain,
          api_key: null,
          secret_key: null,
          ...this.sealed(id, values),
          id,
          app_id: appId,
          create_by: userId,
          update_by: userId,
          create_at: now,
          update_at: now,
        })
        .execute(),
    );
    return this.get(appId, id);
  }

  async update(appId: string, userId: string, id: string, input: DrawProviderInput, policy: OutboundPolicy) {
    const stored = await this.get(appId, id);
    const values = normalise(input);
    const merged = { ...stored, ...values, id };
    await this.check(
      appId,
      merged,
      {
        api_key: !blank(values.api_key) || !!stored.api_key,
        secret_key: !blank(values.secret_key) || !!stored.secret_key,
      },
      policy,
    );
    const { api_key: _key, secret_key: _secret, ...plain } = values;
    await this.write(() =>
      this.db
        .updateTable(this.table)
        .set({ ...plain, ...this.sealed(id, values), update_by: userId, update_at: this.now() })
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .execute(),
    );
    return this.get(appId, id);
  }

  async remove(appId: string, ids: string[]): Promise<void> {
    // All or nothing in one transaction (it used to check and delete outside one).
    if (!(await removeAllOrNone(this.db, this.table, appId, ids))) throw notFound();
  }

  /** The keys given in this write, sealed; a key left empty is not part of the write (kept). */
  private sealed(id: string, values: DrawProviderInput): Record<string, string> {
    const out: Record<string, string> = {};
    for (const field of SEALED) {
      const plain = values[field];
      if (!blank(plain)) out[field] = this.box.seal(String(plain), context(id, field));
    }
    return out;
  }

  private async check(
    appId: string,
    values: DrawProviderInput & { id: string },
    has: { api_key: boolean; secret_key: boolean },
    policy: OutboundPolicy,
  ): Promise<void> {
    if (!DRAW_TYPES.includes(values.draw_type as DrawType))
      throw badRequest('server.invalidValue', { field: 'draw_type' });
    if (values.draw_type === 'MJ') {
      if (blank(values.base_url)) throw badRequest('aiImg.baseUrlRequired');
    } else if (!has.api_key || !has.secret_key) throw badRequest('aiImg.baiduKeysRequired');
    await checkTarget(values.base_url || BAIDU_BASE_URL, policy);
    const other = await this.db
      .selectFrom(this.table)
      .select('id')
      .where('app_id', '=', appId)
      .where('draw_type', '=', String(values.draw_type))
      .executeTakeFirst();
    if (other && other.id !== values.id) throw badRequest('aiImg.providerTaken', { drawType: values.draw_type });
  }

  private async write(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Two saves of one draw type at once: the unique index decides.
      throw new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation', {}, 200);
    }
  }
}

function normalise(input: DrawProviderInput): DrawProviderInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (ECHO.has(key)) continue;
    if (typeof value === 'string' && !(SEALED as readonly string[]).includes(key))
      out[key] = value.trim() === '' ? null : value.trim();
    else out[key] = value;
  }
  return out as DrawProviderInput;
}
