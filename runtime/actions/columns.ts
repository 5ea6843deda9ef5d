/** 显隐列设置: opens the list's column dialog (the choice is kept per user, use-hidden-columns). */
import { defineScreenAction, need } from './define';

export const columnsAction = defineScreenAction({
  type: 'columns',
  title: { zh: '显隐列设置', en: 'Columns' },
  run: (ctx) => need(ctx, 'openDialog')?.('columns'),
});
