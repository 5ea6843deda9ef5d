/**
 * The document editor (loaded lazily: CodeMirror and its markdown mode are their own chunk, fetched
 * only when an admin opens the doc page): CodeMirror 6 in markdown mode, a toolbar (bold, italic,
 * heading, list, link, code, image) and images pasted, dropped or picked uploaded through the file
 * API and inserted as markdown. Uncontrolled inside; a new `docKey` (another document) makes a new
 * view, and a value that differs from the editor's text (the saved, cleaned body) replaces it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { markdown } from '@codemirror/lang-markdown';
import { useT } from '../../../react/context';
import { code, insertImage, link, prefixLines, wrap, type Edit, type Selection } from './commands';

export interface MarkdownCodeMirrorProps {
  docKey: string;
  value: string;
  onChange: (text: string) => void;
  /** Uploads image files; answers the uploaded ones (failures are reported by the caller). */
  onImages: (files: File[]) => Promise<{ name: string; url: string }[]>;
  height?: number;
}

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const imagesOf = (list: FileList | null | undefined) =>
  [...(list ?? [])].filter((file) => /^image\/(png|jpeg|gif|webp)$/.test(file.type));

export default function MarkdownCodeMirror({
  docKey,
  value,
  onChange,
  onImages,
  height = 480,
}: MarkdownCodeMirrorProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onImages });
  useEffect(() => {
    latest.current = { onChange, onImages };
  });

  const apply = (edit: Edit) => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({
      changes: { from: edit.from, to: edit.to, insert: edit.insert },
      selection: { anchor: edit.select.from, head: edit.select.to },
      scrollIntoView: true,
    });
    editor.focus();
  };
  const run = (make: (text: string, sel: Selection) => Edit) => {
    const editor = view.current;
    if (!editor) return;
    const { from, to } = editor.state.selection.main;
    apply(make(editor.state.doc.toString(), { from, to }));
  };
  /** Uploads, then inserts each image where the cursor is once its upload is done. */
  const upload = async (files: File[], at?: number) => {
    if (!files.length) return;
    const done = await latest.current.onImages(files);
    const editor = view.current;
    if (!editor) return;
    let position = Math.min(at ?? editor.state.selection.main.head, editor.state.doc.length);
    for (const file of done) {
      const edit = insertImage(editor.state.doc.toString(), position, file.name, file.url);
      apply(edit);
      position = edit.select.to;
    }
  };
  const uploadRef = useRef(upload);
  useEffect(() => {
    uploadRef.current = upload;
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          markdown(),
          EditorView.lineWrapping,
          EditorView.theme({ '&': { height: `${height}px` }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event) {
              const files = imagesOf(event.clipboardData?.files);
              if (!files.length) return false;
              event.preventDefault();
              void uploadRef.current(files);
              return true;
            },
            drop(event, editorView) {
              const files = imagesOf(event.dataTransfer?.files);
              if (!files.length) return false;
              event.preventDefault();
              const at = editorView.posAtCoords({ x: event.clientX, y: event.clientY }) ?? undefined;
              void uploadRef.current(files, at);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // One view per document: the doc key resets it; typing never re-creates it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey, height]);

  // The saved text comes back cleaned by the server (docs/documents.md): show what was stored.
  // Typing never lands here with a different text, so the cursor stays.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  const tool = (key: string, title: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={title} key={key}>
      <Button size="small" type="text" aria-label={title} data-testid={`md-${key}`} icon={icon} onClick={onClick} />
    </Tooltip>
  );

  return (
    <div className="tessera-doc-editor">
      <Space size={2} wrap style={{ marginBottom: 4 }} role="toolbar" aria-label="Markdown">
        {tool('bold', t('documents.bold'), <BoldOutlined />, () =>
          run((s, sel) => wrap(s, sel, '**', t('documents.boldText'))),
        )}
        {tool('italic', t('documents.italic'), <ItalicOutlined />, () =>
          run((s, sel) => wrap(s, sel, '*', t('documents.italicText'))),
        )}
        {tool('heading', t('documents.heading'), <FontSizeOutlined />, () =>
          run((s, sel) => prefixLines(s, sel, '## ')),
        )}
        {tool('list', t('documents.list'), <UnorderedListOutlined />, () => run((s, sel) => prefixLines(s, sel, '- ')))}
        {tool('link', t('documents.link'), <LinkOutlined />, () =>
          run((s, sel) => link(s, sel, t('documents.linkText'))),
        )}
        {tool('code', t('documents.code'), <CodeOutlined />, () =>
          run((s, sel) => code(s, sel, t('documents.codeText'))),
        )}
        {tool('image', t('documents.image'), <PictureOutlined />, () => picker.current?.click())}
        <input
          ref={picker}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="md-image-input"
          onChange={(event) => {
            const files = imagesOf(event.target.files);
            event.target.value = '';
            void upload(files);
          }}
        />
      </Space>
      <div ref={host} className="tessera-code-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} />
    </div>
  );
}
