/**
 * The result panel (ai-and-widgets §2, §4): the placeholder with no task chosen; a task's status,
 * prompt and progress; a finished MJ grid split into its 4 quadrants, each with 放大 (mj_u) and
 * 微调 (mj_v); SD's images side by side; preview-download and regenerate when it succeeded,
 * regenerate and delete (with the spec's confirmation) when it failed.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  ExpandOutlined,
  EyeOutlined,
  PictureOutlined,
  RedoOutlined,
  SlidersOutlined,
} from '@ant-design/icons';
import { Alert, Button, Empty, Image, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestFn } from '../../../protocol/http';
import type { DrawApiKey, DrawImage, DrawTaskView } from '../../../protocol/ai-image';
import { downloadFile, useFileSources } from '../../../runtime/components/file-preview/file-source';
import { currentLang } from '../../i18n';
import styles from './AiImagePage.module.css';

export const STATUS_COLOURS = { WAIT: 'default', RUNNING: 'processing', SUCCESS: 'success', FAIL: 'error' } as const;

interface Props {
  task: DrawTaskView | undefined;
  request: RequestFn;
  message: MessageInstance;
  /** Sends a createTask call; answers whether it was accepted. */
  create(key: DrawApiKey, body: Record<string, unknown>): Promise<boolean>;
  remove(task: DrawTaskView): Promise<void>;
}

/** Regenerate: the same request again; an upscale regenerates as a variation of its quadrant (§4). */
export function regeneration(task: DrawTaskView): { key: DrawApiKey; body: Record<string, unknown> } {
  const body = JSON.parse(task.requestParam) as Record<string, unknown>;
  return { key: task.drawApiKey === 'mj_u' ? 'mj_v' : task.drawApiKey, body };
}

const percentOf = (schedule: string) => Math.max(0, Math.min(100, Number.parseInt(schedule, 10) || 0));

function Quadrants({ onAct }: { onAct(key: 'mj_u' | 'mj_v', index: number): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.quadrants}>
      {[1, 2, 3, 4].map((index) => (
        <div key={index} className={styles.quadrant} data-testid={`ai-img-quadrant-${index}`}>
          <span className={styles.quadrantIndex}>{index}</span>
          <div className={styles.quadrantActions}>
            <Button
              size="small"
              icon={<ExpandOutlined />}
              onClick={() => onAct('mj_u', index)}
              data-testid={`ai-img-u-${index}`}
            >
              {t('aiImg.upscale')}
            </Button>
            <Button
              size="small"
              icon={<SlidersOutlined />}
              onClick={() => onAct('mj_v', index)}
              data-testid={`ai-img-v-${index}`}
            >
              {t('aiImg.variation')}
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}

function Picture({
  image,
  request,
  grid,
  onAct,
}: {
  image: DrawImage;
  request: RequestFn;
  grid: boolean;
  onAct(key: 'mj_u' | 'mj_v', index: number): void;
}) {
  const sources = useFileSources(request, [image.thumb300, image.url]);
  const src = sources[image.url] ?? sources[image.thumb300];
  return (
    <div className={styles.picture} data-testid="ai-img-picture">
      {src ? (
        <Image src={src} alt="" className={styles.pictureImg} preview={grid ? false : { mask: <EyeOutlined /> }} />
      ) : (
        <div className={styles.picturePending}>
          <PictureOutlined />
        </div>
      )}
      {grid && src && <Quadrants onAct={onAct} />}
    </div>
  );
}

export function TaskResult({ task, request, message, create, remove }: Props) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const previewSources = useFileSources(request, previewing && task ? task.images.map((image) => image.url) : []);
  if (!task)
    return (
      <div className={styles.placeholder} data-testid="ai-img-placeholder">
        <Empty image={<PictureOutlined className={styles.placeholderIcon} />} description={t('aiImg.placeholder')} />
      </div>
    );
  const grid = task.drawType === 'MJ' && task.drawApiKey !== 'mj_u';
  const act = (key: 'mj_u' | 'mj_v', index: number) =>
    void create(key, { originalTaskDrawId: task.id, drawType: 'MJ', index });
  const regenerate = () => {
    const again = regeneration(task);
    void create(again.key, again.body);
  };
  const running = task.taskStatus === 'WAIT' || task.taskStatus === 'RUNNING';
  const label =
    task.drawApiKey === 'mj_u'
      ? t('aiImg.upscaleOf', { index: task.index })
      : task.drawApiKey === 'mj_v'
        ? t('aiImg.variationOf', { index: task.index })
        : undefined;
  return (
    <div className={styles.result} data-testid="ai-img-result" data-status={task.taskStatus}>
      <div className={styles.resultHead}>
        <Space size={8} wrap>
          <Tag color={STATUS_COLOURS[task.taskStatus]} data-testid="ai-img-status">
            {t(`aiImg.status.${task.taskStatus}`)}
          </Tag>
          <Tag>{t(`aiImg.drawType.${task.drawType}`)}</Tag>
          {label && <Tag color="purple">{label}</Tag>}
          <Typography.Text type="secondary">{new Date(task.createTime).toLocaleString()}</Typography.Text>
        </Space>
        <Typography.Paragraph className={styles.resultPrompt} ellipsis={{ rows: 2, expandable: true }} copyable>
          {task.prompt || '—'}
        </Typography.Paragraph>
      </div>
      <div className={styles.canvas}>
        {running && (
          <div className={styles.drawing} data-testid="ai-img-progress">
            <Progress type="circle" percent={percentOf(task.progress.schedule)} size={120} />
            <Typography.Text type="secondary">{t(`aiImg.status.${task.taskStatus}`)}…</Typography.Text>
          </div>
        )}
        {task.taskStatus === 'FAIL' && (
          <Alert
            type="error"
            showIcon
            className={styles.failure}
            message={t('aiImg.status.FAIL')}
            description={t('aiImg.failReason', { reason: task.failReason || t('aiImg.failedUnknown') })}
          />
        )}
        {task.taskStatus === 'SUCCESS' && (
          <div className={task.images.length > 1 ? styles.pictures : styles.single}>
            {task.images.map((image) => (
              <Picture key={image.url} image={image} request={request} grid={grid} onAct={act} />
            ))}
          </div>
        )}
      </div>
      <div className={styles.resultActions}>
        {task.taskStatus === 'SUCCESS' && (
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="ai-img-preview">
            {t('aiImg.preview')}
          </Button>
        )}
        {task.taskStatus === 'SUCCESS' &&
          task.images.map((image, i) => (
            <Button
              key={image.url}
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadFile(
                  request,
                  currentLang(),
                  { url: image.url, name: `ai-${task.id}-${i + 1}.png` },
                  message,
                )
              }
            >
              {task.images.length > 1 ? `${t('aiImg.download')} ${i + 1}` : t('aiImg.download')}
            </Button>
          ))}
        {(task.taskStatus === 'SUCCESS' || task.taskStatus === 'FAIL') && (
          <Button icon={<RedoOutlined />} onClick={regenerate} data-testid="ai-img-regenerate">
            {t('aiImg.regenerate')}
          </Button>
        )}
        {task.taskStatus === 'FAIL' && (
          <Popconfirm title={t('aiImg.deleteConfirm')} onConfirm={() => remove(task)}>
            <Button danger icon={<DeleteOutlined />} data-testid="ai-img-delete">
              {t('aiImg.delete')}
            </Button>
          </Popconfirm>
        )}
      </div>
      <div style={{ display: 'none' }}>
        <Image.PreviewGroup preview={{ visible: previewing, onVisibleChange: (visible) => setPreviewing(visible) }}>
          {task.images.map((image) => (
            <Image key={image.url} src={previewSources[image.url]} alt="" />
          ))}
        </Image.PreviewGroup>
      </div>
    </div>
  );
}
