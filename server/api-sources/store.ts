/**
 * The api_source rows of one app: reads answer the browser's view (secrets masked), writes check
 * the merged source (source.ts) and its URL through the SSRF guard before anything is stored, and
 * seal the secret under the row's own context. The app id always comes from the caller's session.
 */
import type { Kysely } from 'kysely';
import { ApiError, badRequest, notFound } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../db/ids';
import { checkTarget, type OutboundPolicy } from '../net/outbound';
import type { SecretBox } from '../secrets/secrets';
import { IGNORED_KEYS } from './shapes';
import { checkSource, DEFAULT_TIMEOUT_MS, publicView, secretContext, type SourceInput, type SourceRow } from './source';
import { removeAllOrNone } from '../db/remove-by-ids';

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

export class ApiSourceStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  view(row: SourceRow): Record<string, unknown> {
    return publicView(row, this.box);
  }

  async list(
    appId: string,
    page: { current: number; pageSize: number },
    filters: { name?: string; title?: string; auth_type?: string },
  ): Promise<{ list: Record<string, unknown>[]; total: number }> {
    let query = this.db.selectFrom(this.table).where('app_id', '=', appId);
    // Substring filters in code: names and titles are short and an app has few sources, so no
    // LIKE escaping per dialect is needed.
    if (filters.auth_type) query = query.where('auth_type', '=', filters.auth_type);
    const rows = (await query.selectAll().orderBy('create_at', 'desc').orderBy('id').execute()) as SourceRow[];
    const has = (value: string, part?: string) => !part || value.toLowerCase().includes(part.toLowerCase());
    const found = rows.filter((row) => has(row.name, filters.name) && has(row.title, filters.title));
    const start = (page.current - 1) * page.pageSize;
    return { list: found.slice(start, start + page.pageSize).map((row) => this.view(row)), total: found.length };
  }

  async get(appId: string, id: string): Promise<SourceRow> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as SourceRow;
  }

  async byName(appId: string, name: string): Promise<SourceRow | undefined> {
    return (await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst()) as SourceRow | undefined;
  }

  /** The plain secret for a call; a secret sealed under another key asks for it again. */
  secretOf(row: SourceRow): string | null {
    if (!row.auth_secret || row.auth_type === 'none') return null;
    try {
      return this.box.open(row.auth_secret, secretContext(row.id));
    } catch {
      throw badRequest('apiSource.secretUnreadable', { name: row.name });
    }
  }

  private async checkName(appId: string, name: string, id?: string): Promise<void> {
    const other = await this.byName(appId, name);
    if (other && other.id !== id) throw badRequest('apiSource.nameTaken', { name });
  }

  async create(appId: string, userId: string, input: SourceInput, policy: OutboundPolicy): Promise<SourceRow> {
    const values = this.normalise({
      method: 'GET',
      auth_type: 'none',
      timeout_ms: DEFAULT_TIMEOUT_MS,
      shared: 0,
      ...input,
    });
    checkSource(values);
    await checkTarget(values.base_url!, policy);
    await this.checkName(appId, values.name!, undefined);
    const id = newId();
    const now = this.now();
    const { auth_secret: secret, ...rest } = values;
    const row = {
      ...rest,
      id,
      app_id: appId,
      create_by: userId,
      update_by: userId,
      create_at: now,
      update_at: now,
      auth_secret: values.auth_type !== 'none' && !blank(secret) ? this.box.seal(secret!, secretContext(id)) : null,
    };
    await this.insert(row);
    return this.get(appId, id);
  }

  async update(
    appId: string,
    userId: string,
    id: string,
    input: SourceInput,
    policy: OutboundPolicy,
  ): Promise<SourceRow> {
    const stored = await this.get(appId, id);
    const changes = this.normalise(input);
    const { auth_secret: secret, ...rest } = changes;
    const merged = { ...stored, ...rest, auth_secret: blank(secret) ? null : secret };
    checkSource({ ...merged, auth_secret_stored: !!stored.auth_secret } as SourceInput & {
      auth_secret_stored: boolean;
    });
    if (changes.base_url !== undefined) await checkTarget(merged.base_url, policy);
    if (changes.name !== undefined) await this.checkName(appId, merged.name, id);
    const sealed =
      merged.auth_type === 'none'
        ? null
        : blank(secret)
          ? stored.auth_secret
          : this.box.seal(secret!, secretContext(id));
    await this.db
      .updateTable(this.table)
      .set({ ...rest, auth_secret: sealed, update_by: userId, update_at: this.now() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
    return this.get(appId, id);
  }

  async remove(appId: string, ids: string[]): Promise<void> {
    if (!(await removeAllOrNone(this.db, this.table, appId, ids))) throw notFound();
  }

  /** Trims texts, turns empty optional texts into null and drops the read-only keys the form echoes. */
  private normalise(input: SourceInput): SourceInput {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (IGNORED_KEYS.includes(key)) continue;
      if (typeof value === 'string' && key !== 'auth_secret') out[key] = value.trim() === '' ? null : value.trim();
      else out[key] = value;
    }
    if (out.auth_type === 'apiKey' && !out.auth_in) out.auth_in = 'header';
    return out as SourceInput;
  }

  private async insert(row: Record<string, unknown>): Promise<void> {
    try {
      await this.db.insertInto(this.table).values(row).execute();
    } catch {
      // Two saves of one name at once: the unique index decides.
      const again = await this.byName(String(row.app_id), String(row.name));
      if (again) throw badRequest('apiSource.nameTaken', { name: row.name });
      throw new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation', {}, 200);
    }
  }
}
