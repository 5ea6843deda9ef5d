/**
 * The import templates an import dialog offers (building-blocks §2, docs/import-templates.md):
 * the saved templates of the list's module table, read from the system table
 * `{prefix}import_template` through the common API (every signed-in user of the app reads them;
 * admins write them on the importTemplate page).
 */
import { isSuccess } from '../../../protocol/codes';
import { DEFAULT_TABLE_PREFIX } from '../../../protocol/constants';
import type { DataProvider, DataSourceConfig } from './provider';

export interface ImportTemplateChoice {
  id: string;
  name: string;
}

/** The module table a COMMON source addresses (common/<table>), or undefined for any other source. */
export function moduleTableOf(source: DataSourceConfig): string | undefined {
  if (source.kind !== 'COMMON' || !source.api) return undefined;
  return /^\/?(?:api\/)?common\/([A-Za-z0-9_]+)$/.exec(source.api)?.[1];
}

/** The templates saved for `table`, by name; none when the table has none or the read fails. */
export async function importTemplatesFor(
  providerFor: (source: DataSourceConfig) => DataProvider,
  table: string,
  tablePrefix: string = DEFAULT_TABLE_PREFIX,
): Promise<ImportTemplateChoice[]> {
  const provider = providerFor({ kind: 'COMMON', api: `common/${tablePrefix}import_template` });
  const answer = await provider.list({
    querys: [{ key: 'table_name', value: table, rule: 'EQUAL' }],
    sorts: [{ key: 'name', order: 'asc' }],
    showFields: ['id', 'name'],
    isPage: true,
    current: 1,
    pageSize: 200,
  });
  if (!isSuccess(answer.code)) return [];
  return answer.data.list.map((row) => ({ id: String(row.id), name: String(row.name ?? '') }));
}
