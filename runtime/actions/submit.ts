/**
 * 确定 / 提交: update when the values carry the id, else create (building-blocks §4). One save at a
 * time per form: a second attempt while one is in flight only warns 正在添加中 / 正在编辑中.
 */
import { isSuccess } from '../../protocol/codes';
import type { FieldDefinition } from '../../protocol/page-schema';
import type { DataProvider, Row } from '../core/data/provider';
import { defineScreenAction, need } from './define';
import { failureMessage, thrownMessage } from './result-message';
import type { ActionUi } from './types';

export const submitAction = defineScreenAction({
  type: 'submit',
  title: { zh: '提交', en: 'Submit' },
  // The form node saves through saveRecord with its own guard; a button elsewhere asks the host.
  run: (ctx) => need(ctx, 'submit')?.(),
});

export interface SaveGuard {
  busy: boolean;
}

export type SaveOutcome = 'created' | 'updated' | 'busy' | 'failed';

export async function saveRecord(args: {
  provider: DataProvider;
  values: Row;
  idKey: string;
  fields: readonly FieldDefinition[];
  ui: ActionUi;
  guard: SaveGuard;
}): Promise<SaveOutcome> {
  const { provider, values, idKey, ui, guard } = args;
  const id = values[idKey];
  const updating = id !== undefined && id !== null && id !== '';
  if (guard.busy) {
    ui.warning(ui.t(updating ? 'runtime.save.editing' : 'runtime.save.adding'));
    return 'busy';
  }
  guard.busy = true;
  try {
    const result = updating ? await provider.update(String(id), values) : await provider.create(values);
    if (!isSuccess(result.code)) {
      ui.warning(failureMessage(result, args.fields, ui.lang));
      return 'failed';
    }
    ui.success(ui.t(updating ? 'runtime.save.editSuccess' : 'runtime.save.addSuccess'));
    // A user added without a password gets one from the server, in this answer only (issue 22 item 4).
    const generated = (result.data as Row | undefined)?.initialPassword;
    if (!updating && typeof generated === 'string') {
      const title = ui.t('runtime.save.initialPasswordTitle');
      if (ui.showSecret) ui.showSecret({ title, content: ui.t('runtime.save.initialPasswordCopy'), secret: generated });
      else void ui.confirm({ title, content: ui.t('runtime.save.initialPassword', { password: generated }) });
    }
    return updating ? 'updated' : 'created';
  } catch (error) {
    ui.warning(thrownMessage(error, ui.lang));
    return 'failed';
  } finally {
    guard.busy = false;
  }
}
