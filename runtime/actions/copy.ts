/**
 * 拷贝 (building-blocks §3): the stored record without id, create_by, update_by, create_at and
 * update_at, plus copyId = the source id. Without the id the submit creates a new record.
 */
import { defineScreenAction, need } from './define';
import type { Row } from '../core/data/provider';
import { defineRecordAction, loadRecord } from './record';

export const copyAction = defineScreenAction({
  type: 'copy',
  title: { zh: '拷贝', en: 'Copy' },
  run: (ctx) => need(ctx, 'openRecord')?.('copy', ctx.id),
});

const DROPPED = ['create_by', 'update_by', 'create_at', 'update_at'];

export function copyOf(record: Row, idKey: string): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(record)) if (k !== idKey && k !== 'id' && !DROPPED.includes(k)) out[k] = v;
  out.copyId = record[idKey];
  return out;
}

export const copyRecord = defineRecordAction({
  mode: 'copy',
  titleKey: 'runtime.modal.copy',
  readOnly: false,
  needsRecord: true,
  async initialValues({ provider, id, idKey }) {
    const loaded = await loadRecord(provider, id);
    return loaded.ok ? { ok: true, values: copyOf(loaded.values, idKey) } : loaded;
  },
});
