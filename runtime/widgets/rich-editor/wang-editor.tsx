/**
 * wangEditor (loaded lazily by component.tsx: ~300 kB gzip in its own chunk). Reports HTML; the
 * component sanitizes and encodes it. Image / video upload menus are left out: uploads go through
 * the upload widgets and the file API, not the editor's own uploader.
 */
import { useEffect, useState } from 'react';
import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor/editor';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import '@wangeditor/editor/dist/css/style.css';

export interface WangEditorProps {
  html: string;
  onChange: (html: string) => void;
  height: number;
  placeholder?: string;
  readOnly?: boolean;
}

const toolbarConfig: Partial<IToolbarConfig> = {
  excludeKeys: ['group-image', 'group-video', 'insertImage', 'uploadImage', 'insertVideo', 'uploadVideo'],
};

export default function WangEditor({ html, onChange, height, placeholder, readOnly }: WangEditorProps) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const editorConfig: Partial<IEditorConfig> = { placeholder, readOnly };
  useEffect(() => () => editor?.destroy(), [editor]);
  return (
    <div className="tessera-rich-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Toolbar
        editor={editor}
        defaultConfig={toolbarConfig}
        mode="simple"
        style={{ borderBottom: '1px solid #d9d9d9' }}
      />
      <Editor
        defaultConfig={editorConfig}
        value={html}
        onCreated={setEditor}
        onChange={(e) => onChange(e.isEmpty() ? '' : e.getHtml())}
        mode="simple"
        style={{ height, overflowY: 'hidden' }}
      />
    </div>
  );
}
