/** 删除 one row: confirm (确认删除？ / 删除后不可恢复，请谨慎操作), DELETE, then 删除成功 and the list refreshes. */
import { isSuccess } from '../../protocol/codes';
import type { DataProvider } from '../core/data/provider';
import { defineScreenAction, need } from './define';
import { failureMessage, thrownMessage } from './result-message';
import type { ActionUi } from './types';

export const deleteAction = defineScreenAction({
  type: 'delete',
  title: { zh: '删除', en: 'Delete' },
  run(ctx) {
    const after = need(ctx, 'after');
    if (!after || !ctx.provider || ctx.id === undefined) return false;
    return deleteRecord({ provider: ctx.provider, id: ctx.id, ui: ctx.ui, after });
  },
});

export async function removeWithConfirm(
  ui: ActionUi,
  ids: string[],
  call: () => Promise<{ code: string | number; message: string }>,
  after: (ids: string[]) => Promise<void> | void,
): Promise<boolean> {
  const confirmed = await ui.confirm({
    title: ui.t('runtime.delete.confirmTitle'),
    content: ui.t('runtime.delete.confirmContent'),
  });
  if (!confirmed) return false;
  try {
    const result = await call();
    if (!isSuccess(result.code)) {
      ui.warning(failureMessage(result, [], ui.lang));
      return false;
    }
  } catch (error) {
    ui.warning(thrownMessage(error, ui.lang));
    return false;
  }
  ui.success(ui.t('runtime.delete.success'));
  await after(ids);
  return true;
}

export function deleteRecord(args: {
  provider: DataProvider;
  id: string;
  ui: ActionUi;
  after: (ids: string[]) => Promise<void> | void;
}) {
  return removeWithConfirm(args.ui, [args.id], () => args.provider.remove(args.id), args.after);
}
