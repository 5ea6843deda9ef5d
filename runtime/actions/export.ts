/**
 * 导出 (building-blocks §5, §7): at least one column (请选择导出列; 请配置导出列 when the schema has
 * none), 正在下载中 while the server builds the workbook, saved as {title}导出.xlsx (the bytes are
 * xlsx, named as the server names them). Failures show the server's message as a warning (§8) and
 * save nothing.
 */
import type { DataProvider, ExportArgs } from '../core/data/provider';
import { unsupported } from '../core/data/errors';
import { defineScreenAction, need } from './define';
import { thrownMessage } from './result-message';
import type { ActionUi } from './types';

export const exportAction = defineScreenAction({
  type: 'export',
  title: { zh: '导出', en: 'Export' },
  // The dialog picks the columns and calls exportRecords; none exportable at all → 请配置导出列.
  run(ctx) {
    if (ctx.host.exportableCount === 0) return ctx.ui.warning(ctx.ui.t('list.export.noneConfigured'));
    need(ctx, 'openDialog')?.('export');
  },
});

export interface ExportRun {
  provider: DataProvider;
  args: ExportArgs;
  /** How many columns the schema allows at all (0 → 请配置导出列). */
  available: number;
  title: string;
  ui: ActionUi;
  /** Shows a lasting notice; returns the function that closes it. */
  progress(text: string): () => void;
  save(blob: Blob, fileName: string): void;
}

export async function exportRecords(run: ExportRun): Promise<boolean> {
  const { ui } = run;
  if (run.available === 0) {
    ui.warning(ui.t('list.export.noneConfigured'));
    return false;
  }
  if (run.args.exportFields.length === 0) {
    ui.warning(ui.t('list.export.noneChosen'));
    return false;
  }
  const close = run.progress(ui.t('list.export.downloading'));
  try {
    if (!run.provider.export) throw unsupported('export');
    const blob = await run.provider.export(run.args);
    run.save(blob, ui.t('list.export.fileName', { title: run.title }));
    return true;
  } catch (error) {
    ui.warning(thrownMessage(error, ui.lang));
    return false;
  } finally {
    close();
  }
}
