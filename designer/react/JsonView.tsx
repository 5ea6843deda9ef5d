/**
 * The JSON view: the whole schema in CodeMirror. An edit that parses and loads as a page schema is
 * the undoable `replaceSchema` command (the canvas follows); text that does not parse, or a schema
 * the validation bridge refuses, shows each problem at its line and changes nothing on the canvas;
 * the save button stays off while the page has issues. Edits on the canvas rewrite the text.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, List } from 'antd';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { linter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { translate } from '../../protocol/messages';
import { loadDocument, serialiseText } from '../core';
import type { StoreIssue } from './api';
import { metaSchemaRunsHere, validateInBrowser } from './validate';
import { useDesigner } from './context';
import { lineOfPointer, pointerOffsets } from './json-positions';

interface Problem {
  line: number;
  text: string;
}

/** What is wrong with the text, each at its line; empty when it loads and validates. */
export function jsonProblems(text: string, lang: 'zh' | 'en'): { problems: Problem[]; schema?: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
    const line = text.slice(0, position).split('\n').length;
    return { problems: [{ line, text: translate(lang, 'designerUi.jsonParse', { message }) }] };
  }
  const offsets = pointerOffsets(text);
  const loaded = loadDocument(value);
  const issues = loaded.ok ? validateInBrowser(loaded.doc).issues : loaded.issues;
  return {
    problems: issues.map((issue) => ({ line: lineOfPointer(text, offsets, issue.pointer), text: issue.message[lang] })),
    schema: loaded.ok ? value : undefined,
  };
}

function diagnosticsOf(view: EditorView, problems: Problem[]): Diagnostic[] {
  return problems.map((problem) => {
    const line = view.state.doc.line(Math.min(Math.max(1, problem.line), view.state.doc.lines));
    return { from: line.from, to: line.to, severity: 'error', message: problem.text };
  });
}

export function JsonView({
  onProblems,
  remoteCheck,
}: {
  onProblems: (count: number) => void;
  remoteCheck?: (schema: unknown) => Promise<StoreIssue[]>;
}) {
  const { state, dispatch, lang, readOnly } = useDesigner();
  const doc = state.editor.doc;
  const text = useMemo(() => serialiseText(doc), [doc]);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>();
  const typed = useRef<string>();
  const [problems, setProblems] = useState<Problem[]>([]);
  const latest = useRef({ dispatch, lang, onProblems, remoteCheck });
  latest.current = { dispatch, lang, onProblems, remoteCheck };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (found: Problem[]) => {
      setProblems(found);
      latest.current.onProblems(found.length);
      editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor, found)));
    };
    const check = async (now: string) => {
      const { lang: shown, remoteCheck: remote } = latest.current;
      const found = jsonProblems(now, shown);
      if (!found.problems.length && found.schema !== undefined && remote && !metaSchemaRunsHere()) {
        const offsets = pointerOffsets(now);
        const issues = await remote(found.schema).catch(() => []);
        if (editor.state.doc.toString() !== now) return; // typed on meanwhile: that text is checked next
        found.problems = issues.map((issue) => ({
          line: lineOfPointer(now, offsets, issue.pointer),
          text: issue.message[shown],
        }));
      }
      show(found.problems);
      if (!found.problems.length && found.schema !== undefined) {
        typed.current = now;
        latest.current.dispatch({ type: 'run', command: { type: 'replaceSchema', schema: found.schema } });
      }
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          basicSetup,
          json(),
          linter(null),
          EditorState.readOnly.of(readOnly),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            clearTimeout(timer);
            timer = setTimeout(() => void check(update.state.doc.toString()), 300);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      clearTimeout(timer);
      editor.destroy();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A canvas edit, an undo or a redo: the text follows, unless it is what was just typed.
  useEffect(() => {
    const editor = view.current;
    if (!editor || typed.current === text) return;
    const current = editor.state.doc.toString();
    if (current !== text && JSON.stringify(safeParse(current)) !== JSON.stringify(doc.schema)) {
      editor.dispatch({ changes: { from: 0, to: current.length, insert: text } });
    }
  }, [text, doc]);

  return (
    <div className="tessera-designer-json">
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={translate(lang, 'designerUi.jsonIssues', { count: problems.length })}
          description={
            <List
              size="small"
              dataSource={problems.slice(0, 20)}
              renderItem={(problem) => (
                <List.Item>
                  {translate(lang, 'designerUi.line', { line: problem.line })}: {problem.text}
                </List.Item>
              )}
            />
          }
        />
      )}
      <div ref={host} className="tessera-designer-json-editor" />
    </div>
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
