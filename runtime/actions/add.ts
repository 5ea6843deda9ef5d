/** 新增: an empty form; field defaults come from the compiled schema. */
import { defineScreenAction, need } from './define';
import { defineRecordAction } from './record';

export const addAction = defineScreenAction({
  type: 'add',
  title: { zh: '新增', en: 'Add' },
  run: (ctx) => need(ctx, 'openRecord')?.('add'),
});

export const addRecord = defineRecordAction({
  mode: 'add',
  titleKey: 'runtime.modal.add',
  readOnly: false,
  needsRecord: false,
  initialValues: async () => ({ ok: true, values: {} }),
});
