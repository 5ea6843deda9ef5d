/**
 * The sms page's rows of one app (docs/sms.md): provider settings (the AccessKey secret sealed under
 * the row's own context, answered only as a mask), templates per scene and the send log. The app id
 * always comes from the caller's session; nothing here reads another app's rows.
 */
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import { ApiError, badRequest, notFound } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { maskSealed, type SecretBox } from '../secrets/secrets';
import { recordSmsSend, type SmsSendEntry } from './send-log';
import { removeAllOrNone } from '../db/remove-by-ids';

export const SMS_PROVIDERS = ['aliyun'] as const;
export const TEMPLATE_SCENES = ['login', 'register', 'forgetPwd', 'changeMobile'] as const;
export const DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

export interface SettingRow {
  id: string;
  app_id: string;
  provider: string;
  access_key_id: string;
  access_key_secret: string | null;
  sign_name: string;
  endpoint: string | null;
  test_mobile: string | null;
  update_by: string | null;
  update_at: number | string;
}

export interface TemplateRow {
  id: string;
  app_id: string;
  scene: string;
  template_code: string;
  content: string | null;
  update_by: string | null;
  update_at: number | string;
}

export interface SettingInput {
  provider?: string;
  access_key_id?: string;
  access_key_secret?: string | null;
  sign_name?: string;
  endpoint?: string | null;
  test_mobile?: string | null;
}

export interface TemplateInput {
  scene?: string;
  template_code?: string;
  content?: string | null;
}

export type LogEntry = Omit<SmsSendEntry, 'appId'>;

type Page = { current: number; pageSize: number };

export const secretContext = (id: string) => `sms_setting:${id}:access_key_secret`;
const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
const trimmed = (value: string | null | undefined) => (blank(value) ? null : value!.trim());

export class SmsAdminStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly prefix: string,
    private readonly tables: { setting: string; template: string; log: string },
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  settingView(row: SettingRow): Record<string, unknown> {
    const { access_key_secret: sealed, app_id: _app, ...rest } = row;
    const mask = maskSealed(this.box, sealed, secretContext(row.id));
    return {
      ...rest,
      update_at: Number(row.update_at),
      access_key_secret_set: mask.set,
      access_key_secret_mask: mask.mask,
    };
  }

  private async page<T>(
    table: string,
    appId: string,
    page: Page,
    where: Record<string, string | undefined>,
    order: string,
  ) {
    let query = this.db.selectFrom(table).where('app_id', '=', appId);
    for (const [column, value] of Object.entries(where)) if (value) query = query.where(column, '=', value);
    const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy(order, 'desc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.current - 1) * page.pageSize)
      .execute();
    return { rows: rows as T[], total: Number(counted?.n ?? 0) };
  }

  private async one<T>(table: string, appId: string, id: string): Promise<T> {
    const row = await this.db
      .selectFrom(table)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as T;
  }

  // ── settings ──────────────────────────────────────────────────────────────────────────────

  async listSettings(appId: string, page: Page) {
    const { rows, total } = await this.page<SettingRow>(this.tables.setting, appId, page, {}, 'update_at');
    return { list: rows.map((row) => this.settingView(row)), total };
  }

  getSetting = (appId: string, id: string) => this.one<SettingRow>(this.tables.setting, appId, id);

  /** The provider used for sends: the app's only provider today (aliyun). */
  async activeSetting(appId: string): Promise<SettingRow | undefined> {
    return (await this.db
      .selectFrom(this.tables.setting)
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('update_at', 'desc')
      .executeTakeFirst()) as SettingRow | undefined;
  }

  secretOf(row: SettingRow): string {
    if (!row.access_key_secret) throw badRequest('sms.secretRequired');
    try {
      return this.box.open(row.access_key_secret, secretContext(row.id));
    } catch {
      throw badRequest('sms.secretUnreadable');
    }
  }

  async createSetting(appId: string, userId: string, input: SettingInput): Promise<SettingRow> {
    if (blank(input.access_key_secret)) throw badRequest('sms.secretRequired');
    const provider = input.provider ?? 'aliyun';
    const id = newId();
    const row = {
      id,
      app_id: appId,
      provider,
      access_key_id: input.access_key_id!.trim(),
      access_key_secret: this.box.seal(input.access_key_secret!, secretContext(id)),
      sign_name: input.sign_name!.trim(),
      endpoint: trimmed(input.endpoint),
      test_mobile: trimmed(input.test_mobile),
      update_by: userId,
      update_at: this.now(),
    };
    await this.insertUnique(
      this.tables.setting,
      row,
      () => this.taken(this.tables.setting, appId, 'provider', provider),
      'sms.providerTaken',
      { provider },
    );
    return this.getSetting(appId, id);
  }

  async updateSetting(appId: string, userId: string, id: string, input: SettingInput): Promise<SettingRow> {
    await this.getSetting(appId, id);
    const changes: Record<string, unknown> = { update_by: userId, update_at: this.now() };
    if (input.access_key_id !== undefined) changes.access_key_id = input.access_key_id.trim();
    if (input.sign_name !== undefined) changes.sign_name = input.sign_name.trim();
    if (input.endpoint !== undefined) changes.endpoint = trimmed(input.endpoint);
    if (input.test_mobile !== undefined) changes.test_mobile = trimmed(input.test_mobile);
    // An empty secret keeps the stored one: the form never holds it.
    if (!blank(input.access_key_secret))
      changes.access_key_secret = this.box.seal(input.access_key_secret!, secretContext(id));
    await this.db
      .updateTable(this.tables.setting)
      .set(changes)
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
    return this.getSetting(appId, id);
  }

  // ── templates ─────────────────────────────────────────────────────────────────────────────

  async listTemplates(appId: string, page: Page, scene?: string) {
    const { rows, total } = await this.page<TemplateRow>(this.tables.template, appId, page, { scene }, 'update_at');
    return { list: rows.map((row) => templateView(row)), total };
  }

  getTemplate = (appId: string, id: string) => this.one<TemplateRow>(this.tables.template, appId, id);

  async createTemplate(appId: string, userId: string, input: TemplateInput): Promise<TemplateRow> {
    const id = newId();
    const scene = input.scene!;
    const row = {
      id,
      app_id: appId,
      scene,
      template_code: input.template_code!.trim(),
      content: trimmed(input.content),
      update_by: userId,
      update_at: this.now(),
    };
    await this.insertUnique(
      this.tables.template,
      row,
      () => this.taken(this.tables.template, appId, 'scene', scene),
      'sms.sceneTaken',
      { scene },
    );
    return this.getTemplate(appId, id);
  }

  async updateTemplate(appId: string, userId: string, id: string, input: TemplateInput): Promise<TemplateRow> {
    await this.getTemplate(appId, id);
    if (input.scene !== undefined) {
      const other = await this.taken(this.tables.template, appId, 'scene', input.scene);
      if (other && other !== id) throw badRequest('sms.sceneTaken', { scene: input.scene });
    }
    const changes: Record<string, unknown> = { update_by: userId, update_at: this.now() };
    if (input.scene !== undefined) changes.scene = input.scene;
    if (input.template_code !== undefined) changes.template_code = input.template_code.trim();
    if (input.content !== undefined) changes.content = trimmed(input.content);
    await this.db
      .updateTable(this.tables.template)
      .set(changes)
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
    return this.getTemplate(appId, id);
  }

  /** Removes settings or templates, all or nothing. */
  async remove(kind: 'setting' | 'template', appId: string, ids: string[]): Promise<void> {
    if (!(await removeAllOrNone(this.db, this.tables[kind], appId, ids))) throw notFound();
  }

  // ── send log ──────────────────────────────────────────────────────────────────────────────

  async listLogs(appId: string, page: Page, filters: { scene?: string; status?: string }) {
    const { rows, total } = await this.page<Record<string, unknown>>(
      this.tables.log,
      appId,
      page,
      filters,
      'create_at',
    );
    return { list: rows.map(({ app_id: _app, ...row }) => ({ ...row, create_at: Number(row.create_at) })), total };
  }

  async getLog(appId: string, id: string) {
    const { app_id: _app, ...row } = await this.one<Record<string, unknown>>(this.tables.log, appId, id);
    return { ...row, create_at: Number(row.create_at) };
  }

  /** Every send writes one row; the number is stored masked. */
  async log(appId: string, entry: LogEntry): Promise<void> {
    await recordSmsSend(this.db, this.prefix, this.now(), { ...entry, appId });
  }

  private async taken(table: string, appId: string, column: string, value: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom(table)
      .select('id')
      .where('app_id', '=', appId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row?.id as string | undefined;
  }

  /** Inserts; a unique clash (checked first, and again if two saves raced) is told by its key. */
  private async insertUnique(
    table: string,
    row: Record<string, unknown>,
    exists: () => Promise<string | undefined>,
    key: string,
    vars: Record<string, unknown>,
  ): Promise<void> {
    if (await exists()) throw badRequest(key, vars);
    try {
      await this.db.insertInto(table).values(row).execute();
    } catch {
      if (await exists()) throw badRequest(key, vars);
      throw new ApiError(ResultCode.DATA_ERROR, 'error.dataOperation', {}, 200);
    }
  }
}

export function templateView(row: TemplateRow): Record<string, unknown> {
  const { app_id: _app, ...rest } = row;
  return { ...rest, update_at: Number(row.update_at) };
}
