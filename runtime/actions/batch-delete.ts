/** 批量删除: needs a selection (请选择要删除的数据), confirms, then one DELETE {api} { ids } for all of them. */
import type { DataProvider } from '../core/data/provider';
import { defineAction } from '../core/registry';
import { removeWithConfirm } from './delete';
import type { ActionUi } from './types';

export const batchDeleteAction = defineAction({ type: 'batchDelete' });

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
