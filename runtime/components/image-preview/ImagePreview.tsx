/**
 * Image preview (ai-and-widgets §2): the large image with previous / next and a strip of
 * thumbnails (60 px by default) to jump between the images of a field.
 */
import { Button, Modal, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useRuntime, useT } from '../../react/context';
import type { FileItem } from '../../core/upload/value';
import { useFileSources } from '../file-preview/file-source';

export interface ImagePreviewProps {
  images: readonly FileItem[];
  index?: number;
  onIndexChange: (index: number | undefined) => void;
  /** Thumbnail size in px (default 60). */
  thumbSize?: number;
}

export function ImagePreview({ images, index, onIndexChange, thumbSize = 60 }: ImagePreviewProps) {
  const runtime = useRuntime();
  const t = useT();
  const open = index !== undefined && images.length > 0;
  const at = Math.min(Math.max(index ?? 0, 0), Math.max(images.length - 1, 0));
  const sources = useFileSources(runtime.request, open ? images.map((i) => i.url) : []);
  const current = images[at];
  return (
    <Modal
      open={open}
      title={current?.name}
      width="80vw"
      footer={null}
      onCancel={() => onIndexChange(undefined)}
      destroyOnHidden
    >
      <div style={{ textAlign: 'center' }}>
        {current && sources[current.url] ? (
          <img
            className="tessera-image-preview-main"
            src={sources[current.url]}
            alt={current.name}
            style={{ maxWidth: '100%', maxHeight: '65vh' }}
          />
        ) : null}
      </div>
      <Space style={{ width: '100%', justifyContent: 'center', marginTop: 12 }} wrap>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('upload.previous')}
          disabled={at <= 0}
          onClick={() => onIndexChange(at - 1)}
        />
        {images.map((image, i) => (
          <img
            key={`${i}-${image.url}`}
            className="tessera-image-preview-thumb"
            src={sources[image.url]}
            alt={image.name}
            width={thumbSize}
            height={thumbSize}
            onClick={() => onIndexChange(i)}
            style={{
              objectFit: 'cover',
              cursor: 'pointer',
              outline: i === at ? '2px solid #1677ff' : undefined,
            }}
          />
        ))}
        <Button
          icon={<RightOutlined />}
          aria-label={t('upload.next')}
          disabled={at >= images.length - 1}
          onClick={() => onIndexChange(at + 1)}
        />
        <span className="tessera-image-preview-index">{`${at + 1} / ${images.length}`}</span>
      </Space>
    </Modal>
  );
}
