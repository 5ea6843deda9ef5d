/**
 * The ai_model rows of one app (the ai/model page, docs/ai.md). The API key is sealed under the
 * row's own context and shown to the browser only as "set" and a mask; leaving the key empty on
 * edit keeps the stored one. A model's URL is checked by the SSRF guard on save (and again by every
 * call). One model per app is the default: setting one clears the others in the same transaction.
 * The app id always comes from the caller's session.
 */
import type { Kysely } from 'kysely';
import { ApiError, badRequest, notFound } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../db/ids';
import { checkTarget, type OutboundPolicy } from '../net/outbound';
import { maskSealed, type SecretBox } from '../secrets/secrets';
import { baseUrlOf, type ChatTarget, type Provider } from './provider';
import { removeAllOrNone } from '../db/remove-by-ids';

export interface ModelRow {
  id: string;
  app_id: string;
  label: string;
  provider: Provider;
  model: string;
  base_url: string | null;
  api_key: string | null;
  enabled: number;
  is_default: number;
  context_length: number;
  price_per_1k: number;
  sort: number;
  remark: string | null;
  create_at: number;
  update_at: number;
}

export type ModelInput = Partial<Omit<ModelRow, 'id' | 'app_id' | 'create_at' | 'update_at'>>;

/** Keys the edit form echoes back that are not stored as given. */
export const MODEL_ECHO_KEYS = [
  'id',
  'create_at',
  'update_at',
  'create_by',
  'update_by',
  'api_key_set',
  'api_key_mask',
];

export const DEFAULT_CONTEXT_LENGTH = 8192;
const keyContext = (id: string) => `ai_model:${id}:api_key`;
const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

export class AiModelStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  /** The browser's view: numbers as numbers, the key only as set + mask. */
  view(row: ModelRow): Record<string, unknown> {
    const { api_key: sealed, app_id: _app, ...rest } = row;
    const mask = maskSealed(this.box, sealed, keyContext(row.id));
    return {
      ...rest,
      enabled: Number(row.enabled),
      is_default: Number(row.is_default),
      context_length: Number(row.context_length),
      price_per_1k: Number(row.price_per_1k),
      sort: Number(row.sort),
      create_at: Number(row.create_at),
      update_at: Number(row.update_at),
      api_key: '',
      api_key_set: mask.set ? 1 : 0,
      api_key_mask: mask.mask,
    };
  }

  async list(appId: string, filters: { label?: string; provider?: string } = {}): Promise<ModelRow[]> {
    let query = this.db.selectFrom(this.table).selectAll().where('app_id', '=', appId);
    if (filters.provider) query = query.where('provider', '=', filters.provider);
    const rows = (await query.orderBy('sort').orderBy('create_at').orderBy('id').execute()) as ModelRow[];
    const part = filters.label?.toLowerCase();
    return part ? rows.filter((row) => row.label.toLowerCase().includes(part)) : rows;
  }

  async get(appId: string, id: string): Promise<ModelRow> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as ModelRow;
  }

  /** An enabled model to chat with: the given one, else the app's default, else the first enabled. */
  async usable(appId: string, id?: string | null): Promise<ModelRow> {
    const enabled = (await this.list(appId)).filter((row) => Number(row.enabled) === 1);
    if (id) {
      const found = enabled.find((row) => row.id === id);
      if (!found) throw badRequest('ai.modelUnknown');
      return found;
    }
    const chosen = enabled.find((row) => Number(row.is_default) === 1) ?? enabled[0];
    if (!chosen) throw badRequest('ai.noModel');
    return chosen;
  }

  /** Where and how to call the model; the key opened only here, for the call. */
  target(row: ModelRow): ChatTarget {
    let apiKey: string | null = null;
    if (row.api_key) {
      try {
        apiKey = this.box.open(row.api_key, keyContext(row.id));
      } catch {
        throw badRequest('ai.keyUnreadable', { label: row.label });
      }
    }
    return { provider: row.provider, baseUrl: row.base_url, apiKey, model: row.model };
  }

  async create(appId: string, userId: string, input: ModelInput, policy: OutboundPolicy): Promise<ModelRow> {
    const values = normalise({
      enabled: 1,
      is_default: 0,
      context_length: DEFAULT_CONTEXT_LENGTH,
      price_per_1k: 0,
      sort: 0,
      ...input,
    });
    const { api_key: key, ...rest } = values;
    await this.check(
      appId,
      { ...rest, api_key_present: !blank(key) } as ModelInput & { api_key_present: boolean },
      policy,
    );
    const id = newId();
    const now = this.now();
    await this.write(appId, rest.is_default === 1, async (trx) => {
      await trx
        .insertInto(this.table)
        .values({
          ...rest,
          id,
          app_id: appId,
          create_by: userId,
          update_by: userId,
          create_at: now,
          update_at: now,
          api_key: blank(key) ? null : this.box.seal(String(key), keyContext(id)),
        })
        .execute();
    });
    return this.get(appId, id);
  }

  async update(
    appId: string,
    userId: string,
    id: string,
    input: ModelInput,
    policy: OutboundPolicy,
  ): Promise<ModelRow> {
    const stored = await this.get(appId, id);
    const changes = normalise(input);
    const { api_key: key, ...rest } = changes;
    const merged = { ...stored, ...rest };
    await this.check(
      appId,
      { ...merged, id, api_key_present: !blank(key) || !!stored.api_key } as ModelInput & {
        api_key_present: boolean;
        id: string;
      },
      policy,
    );
    await this.write(appId, merged.is_default === 1 && Number(stored.is_default) !== 1, async (trx) => {
      await trx
        .updateTable(this.table)
        .set({
          ...rest,
          ...(blank(key) ? {} : { api_key: this.box.seal(String(key), keyContext(id)) }),
          update_by: userId,
          update_at: this.now(),
        })
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .execute();
    });
    return this.get(appId, id);
  }

  async remove(appId: string, ids: string[]): Promise<void> {
    if (!(await removeAllOrNone(this.db, this.table, appId, ids))) throw notFound();
  }

  /** What a route schema cannot say: the label is free, the provider has what it needs, the URL is allowed. */
  private async check(
    appId: string,
    values: ModelInput & { api_key_present: boolean; id?: string },
    policy: OutboundPolicy,
  ): Promise<void> {
    const base = baseUrlOf({ provider: values.provider as Provider, baseUrl: values.base_url ?? null });
    if (values.provider !== 'custom' && !values.api_key_present)
      throw badRequest('ai.keyRequired', { provider: values.provider });
    await checkTarget(base, policy);
    const other = await this.db
      .selectFrom(this.table)
      .select('id')
      .where('app_id', '=', appId)
      .where('label', '=', String(values.label))
      .executeTakeFirst();
    if (other && other.id !== values.id) throw badRequest('ai.labelTaken', { label: values.label });
  }

  /** Runs a write; a new default clears the app's other defaults in the same transaction. */
  private async write(appId: string, becomesDefault: boolean, run: (trx: Kysely<any>) => Promise<void>): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        if (becomesDefault)
          await trx.updateTable(this.table).set({ is_default: 0 }).where('app_id', '=', appId).execute();
        await run(trx);
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Two saves of one label at once: the unique index decides.
      throw new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation', {}, 200);
    }
  }
}

/** Trims texts, turns empty optional texts into null, drops what the form echoes. */
function normalise(input: ModelInput): ModelInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (MODEL_ECHO_KEYS.includes(key)) continue;
    if (typeof value === 'string' && key !== 'api_key') out[key] = value.trim() === '' ? null : value.trim();
    else out[key] = value;
  }
  return out as ModelInput;
}
