/** 编辑: the form starts from the stored record (GET {api}/{id}); it keeps the id, so submit updates. */
import { defineAction } from '../core/registry';
import { defineRecordAction, loadRecord } from './record';

export const editAction = defineAction({ type: 'edit' });

export const editRecord = defineRecordAction({
  mode: 'edit',
  titleKey: 'runtime.modal.edit',
  readOnly: false,
  needsRecord: true,
  initialValues: ({ provider, id }) => loadRecord(provider, id),
});
