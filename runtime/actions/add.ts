/** 新增: an empty form; field defaults come from the compiled schema. */
import { defineAction } from '../core/registry';
import { defineRecordAction } from './record';

export const addAction = defineAction({ type: 'add' });

export const addRecord = defineRecordAction({
  mode: 'add',
  titleKey: 'runtime.modal.add',
  readOnly: false,
  needsRecord: false,
  initialValues: async () => ({ ok: true, values: {} }),
});
