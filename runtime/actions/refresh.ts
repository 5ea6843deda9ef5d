/** 刷新: reloads the screen's rows with the current search. */
import { defineScreenAction, need } from './define';

export const refreshAction = defineScreenAction({
  type: 'refresh',
  title: { zh: '刷新', en: 'Refresh' },
  run: (ctx) => need(ctx, 'refresh')?.(),
});
