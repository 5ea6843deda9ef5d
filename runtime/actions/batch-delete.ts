/** 批量删除: needs a selection (请选择要删除的数据), confirms, then one DELETE {api} { ids } for all of them. */
import type { DataProvider } from '../core/data/provider';
import { defineScreenAction, need } from './define';
import { removeWithConfirm } from './delete';
import type { ActionUi } from './types';

export const batchDeleteAction = defineScreenAction({
  type: 'batchDelete',
  title: { zh: '批量删除', en: 'Delete selected' },
  run(ctx) {
    const after = need(ctx, 'after');
    if (!after || !ctx.provider) return false;
    return deleteSelected({ provider: ctx.provider, ids: ctx.host.selectedIds ?? [], ui: ctx.ui, after });
  },
});

export async function deleteSelected(args: {
  provider: DataProvider;
  ids: readonly string[];
  ui: ActionUi;
  after: (ids: string[]) => Promise<void> | void;
}): Promise<boolean> {
  if (args.ids.length === 0) {
    args.ui.warning(args.ui.t('runtime.delete.noSelection'));
    return false;
  }
  const ids = [...args.ids];
  return removeWithConfirm(args.ui, ids, () => args.provider.removeMany(ids), args.after);
}
