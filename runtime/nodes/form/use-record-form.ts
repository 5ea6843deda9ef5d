/**
 * One record in a Formily form, for the list's detail modal and the form node: starts it as the
 * mode says (add: empty; edit/detail: the stored record; copy: the record minus id and audit
 * fields), validates on submit with the §5 warning, saves through the submit action (one save
 * in flight) and reports the outcome. The form holds stored values, so they go out as they are.
 * Auto-number fields are filled as the form starts. A form node's `submit` option sends elsewhere
 * or less (./submit-target.ts).
 */
import { createForm, type Form } from '@formily/core';
import { useEffect, useRef, useState } from 'react';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { recordAction } from '../../actions/record';
import { failureMessage, thrownMessage } from '../../actions/result-message';
import { saveRecord, type SaveOutcome } from '../../actions/submit';
import type { ActionUi, RecordMode } from '../../actions/types';
import { applyAutoNumbers } from '../../core/auto-number/generate';
import type { DataProvider } from '../../core/data/provider';
import type { RequestFn } from '../../../protocol/http';
import { sendForm, type FormSubmitSchema, type SendOutcome } from './submit-target';
import { validationWarning } from './validation';
import '../../actions';

export interface RecordFormOptions {
  provider: DataProvider;
  mode: RecordMode;
  id?: string;
  idKey: string;
  /** Value fields (flattened), for the messages that name a field. */
  fields: readonly FieldDefinition[];
  ui: ActionUi;
  onSaved?: (outcome: 'created' | 'updated') => void;
  /** Bump to start again with the same mode and id (the modal reopening). */
  session?: number;
  /** false: do not build the form (a closed modal). */
  enabled?: boolean;
  /** Send as this says instead of saving the record (the form node's `submit`). */
  sendTo?: { submit: FormSubmitSchema; request: RequestFn; userId?: string; onSent?: () => void };
}

export interface RecordForm {
  form?: Form;
  loading: boolean;
  /** The message shown when the record could not be loaded. */
  failure?: string;
  readOnly: boolean;
  submit(): Promise<SaveOutcome | SendOutcome | 'invalid' | undefined>;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

export function useRecordForm(options: RecordFormOptions): RecordForm {
  const { provider, mode, id, idKey, ui, enabled = true } = options;
  const action = recordAction(mode);
  const [state, setState] = useState<{ form?: Form; loading: boolean; failure?: string }>({ loading: enabled });
  const guard = useRef({ busy: false }).current;
  // The latest options without re-running the load effect when a caller passes new closures.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!enabled) {
      setState({ loading: false });
      return;
    }
    let live = true;
    setState({ loading: true });
    action.initialValues({ provider, id, idKey }).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        // Auto-numbers (building-blocks §4): fresh on add and copy, filled when empty otherwise.
        const values = applyAutoNumbers(outcome.values, latest.current.fields, mode);
        setState({ loading: false, form: createForm({ initialValues: values, readPretty: action.readOnly }) });
        return;
      }
      const { ui: current, fields } = latest.current;
      const failure = outcome.result
        ? failureMessage(outcome.result, fields, current.lang)
        : outcome.error !== undefined
          ? thrownMessage(outcome.error, current.lang)
          : current.t('runtime.form.noRecord');
      current.warning(failure);
      setState({ loading: false, failure });
    });
    return () => {
      live = false;
    };
  }, [action, mode, provider, id, idKey, enabled, options.session]);

  async function submit(): Promise<SaveOutcome | SendOutcome | 'invalid' | undefined> {
    const { form } = state;
    if (!form || action.readOnly) return undefined;
    const updating = !isBlank(form.values[idKey]);
    if (guard.busy) {
      ui.warning(ui.t(updating ? 'runtime.save.editing' : 'runtime.save.adding'));
      return 'busy';
    }
    let values: Record<string, unknown>;
    try {
      values = await form.submit<Record<string, unknown>>();
    } catch (errors) {
      ui.warning(validationWarning(errors, latest.current.fields, ui.lang) ?? thrownMessage(errors, ui.lang));
      return 'invalid';
    }
    const { sendTo, fields } = latest.current;
    if (sendTo) {
      const sent = await sendForm({
        ...sendTo,
        values,
        provider,
        recordId: mode === 'edit' ? id : undefined,
        fields,
        ui,
        guard,
      });
      if (sent === 'sent') sendTo.onSent?.();
      return sent;
    }
    const outcome = await saveRecord({ provider, values, idKey, fields, ui, guard });
    if (outcome === 'created' || outcome === 'updated') latest.current.onSaved?.(outcome);
    return outcome;
  }

  return { ...state, readOnly: action.readOnly, submit };
}
