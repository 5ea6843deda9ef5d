/**
 * 导入 (building-blocks §5, §7, §8): .xlsx / .xls only, uploaded with the field descriptors (or the
 * importTemplateId); the answer's row errors are returned for the dialog to list, a failure without
 * row errors shows the server's msg. The template is saved as {title}模版.xlsx (the bytes are xlsx;
 * the spec's .xls would make Excel warn — docs/import-export.md).
 */
import { isSuccess } from '../../protocol/codes';
import type { DataProvider, ImportRowError, TransferOptions } from '../core/data/provider';
import { unsupported } from '../core/data/errors';
import { isWorkbookName } from '../core/list/transfer';
import { defineScreenAction, need } from './define';
import { thrownMessage } from './result-message';
import type { ActionUi } from './types';

export const importAction = defineScreenAction({
  type: 'import',
  title: { zh: '导入', en: 'Import' },
  run: (ctx) => need(ctx, 'openDialog')?.('import'),
});

export type ImportOutcome = { ok: true; imported: number } | { ok: false; errors: ImportRowError[]; message?: string };

export async function importWorkbook(args: {
  provider: DataProvider;
  file: File | undefined;
  options: TransferOptions;
  ui: ActionUi;
}): Promise<ImportOutcome> {
  const { ui, file } = args;
  if (!file) {
    ui.warning(ui.t('list.import.noFile'));
    return { ok: false, errors: [] };
  }
  if (!isWorkbookName(file.name)) {
    ui.warning(ui.t('list.import.badType'));
    return { ok: false, errors: [] };
  }
  try {
    if (!args.provider.import) throw unsupported('import');
    const answer = await args.provider.import(file, args.options);
    if (isSuccess(answer.code) && answer.data.errors.length === 0) {
      ui.success(ui.t('list.import.success', { count: answer.data.imported }));
      return { ok: true, imported: answer.data.imported };
    }
    // Row errors are listed by the dialog; the msg alone is all there is otherwise (§8 "Import failure").
    if (answer.data.errors.length === 0) ui.warning(answer.message);
    return { ok: false, errors: answer.data.errors, message: answer.message };
  } catch (error) {
    const message = thrownMessage(error, ui.lang);
    ui.warning(message);
    return { ok: false, errors: [], message };
  }
}

export async function downloadTemplate(args: {
  provider: DataProvider;
  options: TransferOptions;
  title: string;
  ui: ActionUi;
  save(blob: Blob, fileName: string): void;
}): Promise<boolean> {
  try {
    if (!args.provider.template) throw unsupported('templates');
    args.save(await args.provider.template(args.options), args.ui.t('list.import.templateName', { title: args.title }));
    return true;
  } catch (error) {
    args.ui.warning(thrownMessage(error, args.ui.lang));
    return false;
  }
}
