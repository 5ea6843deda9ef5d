/** 打开弹窗: one of the screen's dialogs by name (the list's columns, export or import dialog). */
import { defineScreenAction, need } from './define';
import type { DialogName } from './types';

const DIALOGS: readonly DialogName[] = ['columns', 'export', 'import'];

export const openDialogAction = defineScreenAction({
  type: 'openDialog',
  title: { zh: '打开弹窗', en: 'Open dialog' },
  params: {
    type: 'object',
    required: ['dialog'],
    properties: { dialog: { enum: [...DIALOGS] } },
    additionalProperties: false,
  },
  run(ctx) {
    const dialog = ctx.params.dialog as DialogName;
    if (!DIALOGS.includes(dialog)) return ctx.ui.warning(ctx.ui.t('runtime.action.unavailable'));
    need(ctx, 'openDialog')?.(dialog);
  },
});
