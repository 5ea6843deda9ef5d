/** 编辑: the form starts from the stored record (GET {api}/{id}); it keeps the id, so submit updates. */
import { defineScreenAction, need } from './define';
import { defineRecordAction, loadRecord } from './record';

export const editAction = defineScreenAction({
  type: 'edit',
  title: { zh: '编辑', en: 'Edit' },
  run: (ctx) => need(ctx, 'openRecord')?.('edit', ctx.id),
});

export const editRecord = defineRecordAction({
  mode: 'edit',
  titleKey: 'runtime.modal.edit',
  readOnly: false,
  needsRecord: true,
  initialValues: ({ provider, id }) => loadRecord(provider, id),
});
