/** 详情: the stored record, read-only (form.readPretty), with no 确定. */
import { defineScreenAction, need } from './define';
import { defineRecordAction, loadRecord } from './record';

export const detailAction = defineScreenAction({
  type: 'detail',
  title: { zh: '详情', en: 'Details' },
  run: (ctx) => need(ctx, 'openRecord')?.('detail', ctx.id),
});

export const detailRecord = defineRecordAction({
  mode: 'detail',
  titleKey: 'runtime.modal.detail',
  readOnly: true,
  needsRecord: true,
  initialValues: ({ provider, id }) => loadRecord(provider, id),
});
