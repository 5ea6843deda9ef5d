/**
 * The record actions behind the detail modal and the form node: add, edit, copy and detail each
 * say how the form starts (building-blocks §2–§4). Each lives in its own file and registers here,
 * so a screen asks `recordAction(mode)` instead of branching on the mode.
 */
import { isSuccess } from '../../protocol/codes';
import type { DataProvider, Row } from '../core/data/provider';
import type { RecordMode } from './types';

export type LoadOutcome =
  { ok: true; values: Row } | { ok: false; result?: { code: string | number; message: string }; error?: unknown };

export interface RecordAction {
  mode: RecordMode;
  /** Modal title key. */
  titleKey: string;
  /** The form is read-only (form.readPretty) and has no 确定. */
  readOnly: boolean;
  /** Whether the mode needs a record id. */
  needsRecord: boolean;
  initialValues(ctx: { provider: DataProvider; id?: string; idKey: string }): Promise<LoadOutcome>;
}

const table = new Map<RecordMode, RecordAction>();

export function defineRecordAction(action: RecordAction): RecordAction {
  table.set(action.mode, action);
  return action;
}

export function recordAction(mode: RecordMode): RecordAction {
  const action = table.get(mode);
  if (!action) throw new Error(`No record action for mode ${mode}`);
  return action;
}

/** Reads one record; the caller shows the failure. */
export async function loadRecord(provider: DataProvider, id: string | undefined): Promise<LoadOutcome> {
  if (id === undefined || id === '') return { ok: false };
  try {
    const result = await provider.get(id);
    if (!isSuccess(result.code)) return { ok: false, result };
    return { ok: true, values: { ...(result.data ?? {}) } };
  } catch (error) {
    return { ok: false, error };
  }
}
