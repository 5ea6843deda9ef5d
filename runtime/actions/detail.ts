/** 详情: the stored record, read-only (form.readPretty), with no 确定. */
import { defineAction } from '../core/registry';
import { defineRecordAction, loadRecord } from './record';

export const detailAction = defineAction({ type: 'detail' });

export const detailRecord = defineRecordAction({
  mode: 'detail',
  titleKey: 'runtime.modal.detail',
  readOnly: true,
  needsRecord: true,
  initialValues: ({ provider, id }) => loadRecord(provider, id),
});
