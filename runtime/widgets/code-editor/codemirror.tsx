/**
 * The CodeMirror 6 view (loaded lazily by component.tsx so CodeMirror is its own chunk). Uncontrolled
 * inside, synced from outside only when the value differs (the format button), so typing never
 * resets the cursor.
 */
import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { indentUnit } from '@codemirror/language';
import { json } from '@codemirror/lang-json';

export interface CodeMirrorProps {
  value: string;
  onChange?: (text: string) => void;
  readOnly?: boolean;
  height: number;
  language?: 'json' | 'text';
}

export default function CodeMirror({ value, onChange, readOnly, height, language = 'json' }: CodeMirrorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          ...(language === 'json' ? [json()] : []),
          EditorState.tabSize.of(4),
          indentUnit.of('    '),
          EditorState.readOnly.of(Boolean(readOnly)),
          EditorView.editable.of(!readOnly),
          EditorView.theme({ '&': { height: `${height}px` }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The view is built once; value changes are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly, height, language]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="tessera-code-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} />;
}
