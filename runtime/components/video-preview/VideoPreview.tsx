/**
 * The video preview modal (building-blocks §2.8): one video at a time with 上一个 / 下一个, an
 * index / total counter and the keyboard arrows ← → while open. Controlled by the caller's index.
 * Only http(s) and same-origin relative URLs are played: a stored URL never becomes a javascript:
 * or data: source.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Space, Typography } from 'antd';
import { useEffect } from 'react';
import type { Lang } from '../../../protocol/constants';
import { useBlockText } from '../confirm/lang';

export interface PreviewVideo {
  url: string;
  name?: string;
}

export interface VideoPreviewProps {
  open: boolean;
  videos: readonly PreviewVideo[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Default 800. */
  width?: number | string;
  lang?: Lang;
}

export function safeVideoUrl(url: string): string | undefined {
  const text = url.trim();
  if (/^https?:\/\//i.test(text)) return text;
  // Relative: no scheme (a colon before the first slash would be one), not protocol-relative.
  if (!text.startsWith('//') && !/^[^/?#]*:/.test(text)) return text;
  return undefined;
}

export function VideoPreview({ open, videos, index, onIndexChange, onClose, width = 800, lang }: VideoPreviewProps) {
  const t = useBlockText(lang);
  const total = videos.length;
  const current = Math.min(Math.max(0, index), Math.max(0, total - 1));
  const hasPrevious = current > 0;
  const hasNext = current < total - 1;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && current > 0) onIndexChange(current - 1);
      if (event.key === 'ArrowRight' && current < total - 1) onIndexChange(current + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, current, total, onIndexChange]);

  const video = videos[current];
  const src = video ? safeVideoUrl(video.url) : undefined;
  return (
    <Modal
      open={open}
      width={width}
      title={video?.name}
      onCancel={onClose}
      destroyOnHidden
      className="tessera-video-preview"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Button icon={<LeftOutlined />} disabled={!hasPrevious} onClick={() => onIndexChange(current - 1)}>
            {t('blocks.video.previous')}
          </Button>
          <Typography.Text className="tessera-video-counter">
            {t('blocks.video.counter', { index: total ? current + 1 : 0, total })}
          </Typography.Text>
          <Button disabled={!hasNext} onClick={() => onIndexChange(current + 1)}>
            {t('blocks.video.next')} <RightOutlined />
          </Button>
        </Space>
      }
    >
      {src ? (
        // key: a new element per video, so the previous one stops instead of continuing in the background.
        <video key={src} src={src} controls autoPlay style={{ width: '100%', maxHeight: '70vh' }} />
      ) : (
        <Empty description={t('blocks.video.empty')} />
      )}
    </Modal>
  );
}
