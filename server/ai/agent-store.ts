/**
 * The ai_agent rows of one app (the ai/agent page, docs/ai.md): a name and role description the
 * chat's greeting shows, the system prompt sent first in every conversation with the agent, its
 * suggested prompts (one per line; the greeting shows 12 at a time with a change button) and the
 * model it prefers. The app id always comes from the caller's session.
 */
import type { Kysely } from 'kysely';
import { ApiError, badRequest, notFound } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../db/ids';
import { removeAllOrNone } from '../db/remove-by-ids';

export interface AgentRow {
  id: string;
  app_id: string;
  name: string;
  role: string;
  system_prompt: string | null;
  tips: string | null;
  model_id: string | null;
  type: string;
  enabled: number;
  sort: number;
  create_at: number;
  update_at: number;
}

export type AgentInput = Partial<Omit<AgentRow, 'id' | 'app_id' | 'create_at' | 'update_at'>>;

export const AGENT_ECHO_KEYS = ['id', 'create_at', 'update_at', 'create_by', 'update_by'];
export const MAX_TIPS = 100;
export const TIP_MAX_CHARS = 500;

/** The suggested prompts of an agent, one per non-empty line. */
export const tipsOf = (row: Pick<AgentRow, 'tips'>): string[] =>
  (row.tips ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export class AiAgentStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly modelExists: (appId: string, id: string) => Promise<boolean>,
    private readonly now: () => number,
  ) {}

  view(row: AgentRow): Record<string, unknown> {
    const { app_id: _app, ...rest } = row;
    return {
      ...rest,
      enabled: Number(row.enabled),
      sort: Number(row.sort),
      create_at: Number(row.create_at),
      update_at: Number(row.update_at),
    };
  }

  async list(
    appId: string,
    filters: { name?: string; type?: string; enabledOnly?: boolean } = {},
  ): Promise<AgentRow[]> {
    let query = this.db.selectFrom(this.table).selectAll().where('app_id', '=', appId);
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.enabledOnly) query = query.where('enabled', '=', 1);
    const rows = (await query.orderBy('sort').orderBy('create_at').orderBy('id').execute()) as AgentRow[];
    const part = filters.name?.toLowerCase();
    return part ? rows.filter((row) => row.name.toLowerCase().includes(part)) : rows;
  }

  async get(appId: string, id: string): Promise<AgentRow> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as AgentRow;
  }

  async create(appId: string, userId: string, input: AgentInput): Promise<AgentRow> {
    const values = normalise({ type: 'CHAT', enabled: 1, sort: 0, ...input });
    await this.check(appId, values);
    const id = newId();
    const now = this.now();
    await this.write(values.name!, () =>
      this.db
        .insertInto(this.table)
        .values({ ...values, id, app_id: appId, create_by: userId, update_by: userId, create_at: now, update_at: now })
        .execute(),
    );
    return this.get(appId, id);
  }

  async update(appId: string, userId: string, id: string, input: AgentInput): Promise<AgentRow> {
    const stored = await this.get(appId, id);
    const changes = normalise(input);
    await this.check(appId, { ...stored, ...changes }, id);
    await this.write(changes.name ?? stored.name, () =>
      this.db
        .updateTable(this.table)
        .set({ ...changes, update_by: userId, update_at: this.now() })
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .execute(),
    );
    return this.get(appId, id);
  }

  async remove(appId: string, ids: string[]): Promise<void> {
    if (!(await removeAllOrNone(this.db, this.table, appId, ids))) throw notFound();
  }

  private async check(appId: string, values: AgentInput, id?: string): Promise<void> {
    const tips = tipsOf({ tips: values.tips ?? null });
    if (tips.length > MAX_TIPS) throw badRequest('ai.tipsTooMany', { max: MAX_TIPS });
    if (tips.some((tip) => tip.length > TIP_MAX_CHARS))
      throw badRequest('server.tooLong', { key: 'tips', max: TIP_MAX_CHARS });
    if (values.model_id && !(await this.modelExists(appId, values.model_id))) throw badRequest('ai.agentModelUnknown');
    const other = await this.db
      .selectFrom(this.table)
      .select('id')
      .where('app_id', '=', appId)
      .where('name', '=', String(values.name))
      .executeTakeFirst();
    if (other && other.id !== id) throw badRequest('ai.agentNameTaken', { name: values.name });
  }

  private async write(name: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch {
      // Two saves of one name at once: the unique index decides.
      throw new ApiError(ResultCode.BAD_REQUEST, 'ai.agentNameTaken', { name });
    }
  }
}

function normalise(input: AgentInput): AgentInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (AGENT_ECHO_KEYS.includes(key)) continue;
    out[key] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;
  }
  return out as AgentInput;
}
