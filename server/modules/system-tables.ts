/**
 * The system tables the common API exposes, by their prefixed name (platform-shell §7 lists e.g.
 * common/{prefix}sys_menu/list). Column lists are static and leave out secrets: password_hash is
 * not here, so it can be neither selected, filtered, sorted nor written. The session and captcha
 * tables are not exposed at all; the two log tables are, read-only (admins: server/access/can.ts). The app table is, for the applications admin page:
 * admins of that app, their own row, update only (server/access/can.ts, docs/auth.md); its
 * private_key is absent and its identifier, source and public key are read-only. Writes are
 * admin-only for now; modules are saved through the module API (it syncs the table and keeps
 * versions), so they are read-only here.
 */
import { makeTableInfo, type ColumnSpec, type TableInfo } from './table-info';

const S = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'string', ...extra });
const TXT = (name: string): ColumnSpec => ({ name, type: 'text' });
const INT = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'integer', ...extra });

const DEFINITIONS: Record<
  string,
  { columns: ColumnSpec[]; write: TableInfo['write']; ownRowOnly?: boolean; schemaStore?: boolean }
> = {
  role: {
    columns: [S('name', { required: true }), TXT('menu_ids'), INT('level'), S('identify'), TXT('dept_ids')],
    write: 'admin',
  },
  menu: {
    columns: [
      S('title', { required: true }),
      S('icon'),
      S('module_id'),
      S('dashboard_id'),
      S('parent_id'),
      S('path'),
      TXT('url'),
      INT('type'),
      INT('sort'),
    ],
    write: 'admin',
  },
  dept: { columns: [S('name', { required: true }), S('parent_id'), INT('sort'), S('leader_id')], write: 'admin' },
  dict: {
    columns: [
      S('dict_code', { required: true, maxLength: 64 }),
      S('label', { required: true, maxLength: 255 }),
      S('label_en', { maxLength: 255 }),
      S('value', { required: true, maxLength: 255 }),
      S('tag', { maxLength: 32 }),
      INT('enabled'),
      INT('sort'),
      S('parent_id'),
    ],
    write: 'admin',
  },
  // Dictionary types (migration 0012, docs/dict.md): code unique per app, title zh/en, status.
  dict_type: {
    columns: [
      S('code', { required: true, unique: true, maxLength: 64 }),
      S('title', { required: true, maxLength: 255 }),
      S('title_en', { maxLength: 255 }),
      INT('status'),
      S('remark', { maxLength: 500 }),
    ],
    write: 'admin',
  },
  // Schema heads are written only through the schema store (server/schema-store/): read-only here.
  module: { columns: [S('title'), S('table_name'), TXT('schema'), INT('version')], write: 'none', schemaStore: true },
  dashboard: { columns: [S('title'), TXT('schema'), INT('version')], write: 'none', schemaStore: true },
  // Import templates (server/common/import): the field list an import dialog uses, as JSON.
  import_template: {
    columns: [S('name', { required: true }), S('table_name', { required: true }), TXT('fields')],
    write: 'admin',
  },
  app: {
    columns: [
      S('identify', { writable: false }),
      S('title', { required: true }),
      S('short_title'),
      TXT('logo'),
      TXT('login_cover'),
      INT('watermark'),
      INT('watermark_rotate'),
      INT('source', { writable: false }),
      TXT('ai_config'),
      TXT('upload_config'),
      S('public_key', { writable: false }),
      INT('encrypt'),
      INT('protect'),
      TXT('ip_allow_list'),
    ],
    write: 'admin',
  },
  // The logs (server/logs, docs/logs.md): written by the server only, read by the app's admins
  // (can() refuses everyone else: neither is a shared table). user_agent is long text, not a filter.
  audit_log: {
    columns: [
      S('user_id'),
      S('action'),
      S('table_name'),
      S('record_id'),
      S('ip'),
      TXT('user_agent'),
      S('request_id'),
      TXT('before_data'),
      TXT('after_data'),
      TXT('changes'),
    ],
    write: 'none',
  },
  signin_log: {
    columns: [S('user_id'), S('account'), S('method'), INT('success'), S('reason'), S('ip'), TXT('user_agent')],
    write: 'none',
  },
  user: {
    columns: [
      S('account', { required: true, unique: true, maxLength: 64 }),
      S('mobile'),
      S('name'),
      TXT('avatar'),
      TXT('role_ids'),
      S('dept_id'),
      TXT('theme_config'),
      INT('status'),
    ],
    write: 'admin',
    ownRowOnly: true,
  },
};

export function systemTableInfos(prefix: string): Map<string, TableInfo> {
  const infos = new Map<string, TableInfo>();
  for (const [short, def] of Object.entries(DEFINITIONS)) {
    const name = `${prefix}${short}`;
    infos.set(name, makeTableInfo({ name, physical: name, kind: 'system', ...def }));
  }
  return infos;
}
