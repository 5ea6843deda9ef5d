/**
 * The pieces every section of the 联动 tab shares (LinkageEditor.tsx, LinkageValueSection.tsx): the
 * guarded command writer, the section frame, the pick / expression switch, and the hook that keeps a
 * section's own rows in step with undo / redo.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Segmented } from 'antd';
import { translate } from '../../protocol/messages';
import { linkageEditProblem, type Command, type Conditions, type Refusal, type SourceField } from '../core';
import { useDesigner } from './context';

export const NONE: Conditions = { join: 'and', items: [] };

/** Runs a linkage command unless it is refused (its own refusal, or a cycle it would close). */
export function useLinkageWriter() {
  const { state, dispatch, readOnly } = useDesigner();
  return (command: Command): Refusal | undefined => {
    if (readOnly) return undefined;
    const problem = linkageEditProblem(state.editor.doc, command);
    if (problem) return problem;
    // Typing in one box coalesces into one undo step; the panel seals it when focus leaves.
    dispatch({ type: 'run', command });
    return undefined;
  };
}

export function Section(props: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="tessera-designer-linkage-section" data-testid={props.testId}>
      <div className="tessera-designer-linkage-head">
        <span className="tessera-designer-linkage-title">{props.title}</span>
        {props.extra}
      </div>
      {props.children}
    </section>
  );
}

/** Keeps the editor's own rows (a row without a field yet is not in the schema) in step with undo / redo. */
export function useExternal(stored: string | undefined, reset: () => void) {
  const written = useRef(stored);
  useEffect(() => {
    if (stored === written.current) return;
    written.current = stored;
    reset();
  }, [stored]); // eslint-disable-line react-hooks/exhaustive-deps
  return written;
}

export function ModeSwitch(props: { mode: 'pick' | 'expr'; onChange: (mode: 'pick' | 'expr') => void }) {
  const { lang, readOnly } = useDesigner();
  return (
    <Segmented
      size="small"
      disabled={readOnly}
      value={props.mode}
      onChange={(value) => props.onChange(value as 'pick' | 'expr')}
      options={[
        { value: 'pick', label: translate(lang, 'designerPanel.pickMode') },
        { value: 'expr', label: translate(lang, 'designerPanel.expressionMode') },
      ]}
    />
  );
}

export interface SectionProps {
  id: string;
  sources: SourceField[];
  keys: string[];
}
