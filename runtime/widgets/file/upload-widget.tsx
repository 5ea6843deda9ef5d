/**
 * The upload widgets' shared component (image, file, video, audio, avatar; README-uploads.md).
 * Edit mode is antd's Upload with a controlled list: stored files (done) plus this session's
 * uploading / failed items; removing one changes the value. Files go through the runtime's
 * uploader (RuntimeProvider `upload`), never fetch. Read-only mode shows thumbnails, players or
 * names with preview and download. The form holds the stored value (URL or JSON array).
 */
import { useRef, useState, type ReactNode } from 'react';
import { Avatar, Button, ConfigProvider, Upload, message as antdMessage } from 'antd';
import type { RcFile, UploadFile } from 'antd/es/upload/interface';
import { UploadOutlined, PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { acceptAttribute, acceptFor, isAccepted, type UploadKind } from '../../core/upload/accept';
import { previewKind } from '../../core/upload/urls';
import { readFiles, writeFiles, type FileItem } from '../../core/upload/value';
import { useRuntime, useT } from '../../react/context';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { FilePreview } from '../../components/file-preview/FilePreview';
import { downloadFile, useFileSources } from '../../components/file-preview/file-source';
import { ImagePreview } from '../../components/image-preview/ImagePreview';

export type UploadWidgetKind = UploadKind | 'avatar';

export interface UploadWidgetProps {
  value?: unknown;
  onChange?: (stored: string | null) => void;
  /** The file API path (relative to the API base), e.g. files/upload. Required to upload. */
  action?: string;
  accept?: string | string[];
  /** Most files the field holds; 0 = unlimited. Default 1, or 0 when multiple. */
  fileNum?: number;
  multiple?: boolean;
  /** Display only: never offers an upload, even in an edit form. */
  display?: boolean;
  /** Thumbnail size in px (default 60). */
  size?: number;
  disabled?: boolean;
  [other: string]: unknown;
}

const DEFAULT_SIZE = 60;

/** Preview state shared by both modes: which list and which index is open. */
function usePreview(kind: UploadWidgetKind) {
  const [state, setState] = useState<{ files: FileItem[]; index?: number }>({ files: [] });
  const open = (files: FileItem[], file: FileItem) => {
    const pool =
      kind === 'image' || kind === 'avatar' ? files.filter((f) => previewKind(f.name || f.url) === 'image') : files;
    setState({
      files: pool,
      index: Math.max(
        0,
        pool.findIndex((f) => f.url === file.url),
      ),
    });
  };
  const close = (index: number | undefined) => setState((s) => ({ ...s, index }));
  const node =
    kind === 'image' || kind === 'avatar' ? (
      <ImagePreview images={state.files} index={state.index} onIndexChange={close} />
    ) : (
      <FilePreview files={state.files} index={state.index} onIndexChange={close} />
    );
  return { open, node };
}

function makeEdit(kind: UploadWidgetKind) {
  return function UploadEdit(props: UploadWidgetProps) {
    const runtime = useRuntime();
    const t = useT();
    const multiple = Boolean(props.multiple);
    const limit = props.fileNum ?? (multiple ? 0 : 1);
    const accept = acceptFor(kind === 'avatar' ? 'image' : kind, props.accept);
    const stored = readFiles(props.value);
    // The latest value, so uploads finishing together each add to what the others wrote.
    const latest = useRef(stored);
    latest.current = stored;
    const [pending, setPending] = useState<UploadFile[]>([]);
    // A finished upload keeps its list uid, so its item turns done in place instead of being replaced.
    const uids = useRef(new Map<string, string>());
    const preview = usePreview(kind);
    const [message, holder] = antdMessage.useMessage();
    const size = props.size ?? DEFAULT_SIZE;
    const picture = kind === 'image' || kind === 'avatar';
    const sources = useFileSources(runtime.request, picture ? stored.map((f) => f.url) : []);

    if (props.display) return <UploadRead {...props} />;

    const write = (files: FileItem[]) => {
      latest.current = files;
      props.onChange?.(writeFiles(files, multiple));
    };
    const busy = pending.filter((p) => p.status === 'uploading').length;
    const full = limit > 0 && stored.length + busy >= limit;

    const seen = new Set<string>();
    const uidOf = (url: string, i: number) => {
      const kept = uids.current.get(url);
      // The same URL twice (a cloud key is the content hash) must not share a list key.
      const uid = kept && !seen.has(kept) ? kept : `done-${i}-${url}`;
      seen.add(uid);
      return uid;
    };
    const done: UploadFile[] = stored.map((f, i) => ({
      uid: uidOf(f.url, i),
      name: f.name,
      url: f.url,
      thumbUrl: sources[f.url],
      status: 'done',
    }));

    const beforeUpload = (file: RcFile) => {
      if (!props.action) {
        void message.error(t('upload.configInvalid'));
        return Upload.LIST_IGNORE;
      }
      if (!isAccepted(file, accept)) {
        void message.error(t('upload.typeInvalid'));
        return Upload.LIST_IGNORE;
      }
      if (limit > 0 && latest.current.length + pending.filter((p) => p.status === 'uploading').length >= limit) {
        void message.warning(t('upload.tooMany', { max: limit }));
        return Upload.LIST_IGNORE;
      }
      return true;
    };

    const customRequest = async ({ file }: { file: string | Blob | RcFile }) => {
      const rc = file as RcFile;
      setPending((list) => [...list, { uid: rc.uid, name: rc.name, status: 'uploading' }]);
      const result = runtime.upload
        ? await runtime.upload({ action: props.action!, file: rc, name: rc.name, accept })
        : ({ ok: false, message: t('upload.configInvalid'), level: 'error' } as const);
      if (result.ok) {
        uids.current.set(result.url, rc.uid);
        setPending((list) => list.filter((p) => p.uid !== rc.uid));
        const item = { url: result.url, name: result.name };
        write(multiple || limit !== 1 ? [...latest.current, item] : [item]);
        return;
      }
      setPending((list) =>
        list.map((p) => (p.uid === rc.uid ? { ...p, status: 'error', response: result.message } : p)),
      );
      void (result.level === 'warning' ? message.warning(result.message) : message.error(result.message));
    };

    const onRemove = (file: UploadFile) => {
      if (file.status === 'done' && file.url) write(latest.current.filter((f) => f.url !== file.url));
      else setPending((list) => list.filter((p) => p.uid !== file.uid));
      return true;
    };

    const trigger: ReactNode = full ? null : picture ? (
      <div className="tessera-upload-trigger">
        <PlusOutlined />
        <div>{t('upload.button')}</div>
      </div>
    ) : (
      <Button icon={<UploadOutlined />} disabled={props.disabled}>
        {t('upload.button')}
      </Button>
    );

    // antd's picture cards are 100 px; the spec's thumbnails are 60 px unless `size` says otherwise.
    return (
      <ConfigProvider theme={{ components: { Upload: { pictureCardSize: size } } }}>
        <Upload
          className={`tessera-upload tessera-upload-${kind}`}
          listType={picture ? 'picture-card' : 'text'}
          fileList={[...done, ...pending]}
          accept={acceptAttribute(accept)}
          multiple={multiple}
          disabled={props.disabled}
          beforeUpload={beforeUpload}
          customRequest={customRequest as never}
          onRemove={onRemove}
          onPreview={(file) => file.url && preview.open(stored, { url: file.url, name: file.name })}
          onDownload={(file) =>
            file.url && void downloadFile(runtime.request, runtime.lang, { url: file.url, name: file.name }, message)
          }
          showUploadList={{ showDownloadIcon: true, showPreviewIcon: true, showRemoveIcon: !props.disabled }}
        >
          {trigger}
        </Upload>
        {preview.node}
        {holder}
      </ConfigProvider>
    );
  };

  function UploadRead(props: UploadWidgetProps) {
    return <ReadFiles kind={kind} {...props} />;
  }
}

function ReadFiles({ kind, ...props }: UploadWidgetProps & { kind: UploadWidgetKind }) {
  const runtime = useRuntime();
  const files = readFiles(props.value);
  const size = props.size ?? DEFAULT_SIZE;
  const media = kind === 'image' || kind === 'avatar' || kind === 'video' || kind === 'audio';
  const sources = useFileSources(runtime.request, media ? files.map((f) => f.url) : []);
  const preview = usePreview(kind);
  const [message, holder] = antdMessage.useMessage();
  if (files.length === 0) return <ReadText text="" />;

  const item = (file: FileItem, index: number) => {
    const src = sources[file.url];
    const key = `${index}-${file.url}`;
    const open = () => preview.open(files, file);
    if (kind === 'avatar') return <Avatar key={key} size={size} src={src} alt={file.name} onClick={open} />;
    if (kind === 'image') {
      return (
        <img
          key={key}
          className="tessera-file-thumb"
          src={src}
          alt={file.name}
          width={size}
          height={size}
          style={{ objectFit: 'cover', cursor: 'pointer', marginRight: 8 }}
          onClick={open}
        />
      );
    }
    if (kind === 'video') {
      return (
        <video key={key} className="tessera-file-thumb" src={src} width={size * 2} height={size} onClick={open} muted />
      );
    }
    if (kind === 'audio') return <audio key={key} className="tessera-file-audio" src={src} controls />;
    return (
      <div key={key} className="tessera-file-item">
        <a
          href="#"
          onClick={(event) => {
            event.preventDefault();
            void downloadFile(runtime.request, runtime.lang, file, message);
          }}
        >
          {file.name}
        </a>{' '}
        {previewKind(file.name) !== 'none' ? (
          <a
            href="#"
            className="tessera-file-preview-link"
            onClick={(event) => {
              event.preventDefault();
              open();
            }}
          >
            <PreviewLabel />
          </a>
        ) : null}
      </div>
    );
  };

  return (
    <span className="tessera-read-pretty tessera-read-files">
      {files.map(item)}
      {preview.node}
      {holder}
    </span>
  );
}

function PreviewLabel() {
  return <>{useT()('upload.preview')}</>;
}

/** connect(edit, mapReadPretty(read)) for one kind of upload widget. */
export function createUploadWidget(kind: UploadWidgetKind) {
  const Read = (props: UploadWidgetProps) => <ReadFiles kind={kind} {...props} />;
  return connect(makeEdit(kind), mapReadPretty(Read));
}
