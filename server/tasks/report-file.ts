/**
 * A table report kept as a file (docs/scheduler.md "Reports over the app's tables"): the cells
 * written as xlsx or csv by the common API's writers, stored through the file API's storage like
 * an upload — a server-made key, a row in the file table of the task's app — and answered as the
 * download path the recipients' message links to. The download route lets in only signed-in users
 * of that app.
 */
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import {
  reportCsv,
  reportFileName,
  reportWorkbook,
  type ReportFileFormat,
  type ReportTable,
} from '../common/system-report';
import { DOWNLOAD_PREFIX, FileStore, kindOf, type StorageProvider } from '../files/library';

export interface StoredReport {
  link: string;
  name: string;
  size: number;
}

export async function storeReportFile(
  ctx: Pick<ServerContext, 'db' | 'config' | 'now'>,
  storage: StorageProvider,
  appId: string,
  table: ReportTable,
  format: ReportFileFormat,
): Promise<StoredReport> {
  const data = format === 'xlsx' ? await reportWorkbook(table) : reportCsv(table);
  const name = reportFileName(table.title, format);
  const key = newId();
  const mime = kindOf(format)!.mime;
  await storage.put(appId, key, data, { ext: format, mime });
  try {
    await new FileStore(ctx.db.db, ctx.config.tablePrefix).insert(
      { id: key, app_id: appId, name, ext: format, mime, size: data.length, storage: storage.name },
      null,
      ctx.now(),
    );
  } catch (error) {
    // No row, no file: a failed run leaves nothing behind.
    await storage.remove(appId, key).catch(() => undefined);
    throw error;
  }
  return { link: `${DOWNLOAD_PREFIX}${key}`, name, size: data.length };
}
