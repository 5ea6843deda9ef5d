/**
 * The file preview modal (ai-and-widgets §2): full screen, an iframe for PDFs and images, video
 * and audio players, previous / next arrows and "index / total". Files that cannot be shown get
 * a download button instead. Sources come from useFileSources (never a raw stored URL).
 */
import { Button, Modal, Space, message } from 'antd';
import { DownloadOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useRuntime, useT } from '../../react/context';
import { previewKind } from '../../core/upload/urls';
import type { FileItem } from '../../core/upload/value';
import { downloadFile, useFileSources } from './file-source';

export interface FilePreviewProps {
  files: readonly FileItem[];
  /** Index of the file shown; undefined closes the modal. */
  index?: number;
  onIndexChange: (index: number | undefined) => void;
}

const fill = { width: '100%', height: 'calc(100vh - 140px)', border: 0 } as const;

export function FilePreview({ files, index, onIndexChange }: FilePreviewProps) {
  const runtime = useRuntime();
  const t = useT();
  const open = index !== undefined && files.length > 0;
  const current = open ? files[Math.min(Math.max(index, 0), files.length - 1)] : undefined;
  const sources = useFileSources(runtime.request, current ? [current.url] : []);
  const src = current ? sources[current.url] : undefined;
  const kind = current ? previewKind(current.name || current.url) : 'none';
  const at = index ?? 0;
  const [notify, holder] = message.useMessage();

  let body = <div className="tessera-file-preview-empty">{t('upload.noPreview')}</div>;
  if (src && (kind === 'pdf' || kind === 'image')) {
    body = <iframe title={current?.name} src={src} style={fill} />;
  } else if (src && kind === 'video') {
    body = <video src={src} controls style={{ ...fill, background: '#000' }} />;
  } else if (src && kind === 'audio') {
    body = <audio src={src} controls style={{ width: '100%' }} />;
  }

  return (
    <Modal
      open={open}
      title={current?.name}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      onCancel={() => onIndexChange(undefined)}
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<LeftOutlined />} disabled={at <= 0} onClick={() => onIndexChange(at - 1)}>
            {t('upload.previous')}
          </Button>
          <span className="tessera-file-preview-index">{`${at + 1} / ${files.length}`}</span>
          <Button icon={<RightOutlined />} disabled={at >= files.length - 1} onClick={() => onIndexChange(at + 1)}>
            {t('upload.next')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => current && void downloadFile(runtime.request, runtime.lang, current, notify)}
          >
            {t('upload.download')}
          </Button>
        </Space>
      }
    >
      {holder}
      {body}
    </Modal>
  );
}
