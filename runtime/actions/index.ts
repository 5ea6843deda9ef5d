/** Every action, imported once so each registers (defineAction) before a screen looks one up. */
export { addAction, addRecord } from './add';
export { editAction, editRecord } from './edit';
export { copyAction, copyOf, copyRecord } from './copy';
export { detailAction, detailRecord } from './detail';
export { submitAction, saveRecord, type SaveGuard, type SaveOutcome } from './submit';
export { deleteAction, deleteRecord } from './delete';
export { batchDeleteAction, deleteSelected } from './batch-delete';
export { recordAction, loadRecord, type RecordAction, type LoadOutcome } from './record';
export { failureMessage, loadFailureMessage, thrownMessage, duplicateField } from './result-message';
export { recordModeOf, RECORD_MODES, type ActionUi, type RecordMode } from './types';
export { exportAction, exportRecords, type ExportRun } from './export';
export { importAction, importWorkbook, downloadTemplate, type ImportOutcome } from './import';
export { saveBlob } from './download';
