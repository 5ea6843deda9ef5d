/**
 * The history panel (ai-and-widgets §2, §9): the user's tasks newest first with their 100x100
 * thumbnails (shown at the default 60 px), status and progress, and the load-more link: at the end
 * it says "no more data".
 */
import { PictureOutlined } from '@ant-design/icons';
import { Button, Empty, Progress, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestFn } from '../../../protocol/http';
import type { DrawTaskView } from '../../../protocol/ai-image';
import { useFileSources } from '../../../runtime/components/file-preview/file-source';
import { STATUS_COLOURS } from './TaskResult';
import styles from './AiImagePage.module.css';

interface Props {
  request: RequestFn;
  tasks: DrawTaskView[];
  selectedId: string | undefined;
  loading: boolean;
  ended: boolean;
  onSelect(id: string): void;
  onLoadMore(): void;
}

export function HistoryList({ request, tasks, selectedId, loading, ended, onSelect, onLoadMore }: Props) {
  const { t } = useTranslation();
  const thumbs = tasks.map((task) => task.images[0]?.thumb100).filter((url): url is string => !!url);
  const sources = useFileSources(request, thumbs);
  return (
    <div className={styles.history} data-testid="ai-img-history">
      {tasks.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aiImg.empty')} />}
      {tasks.map((task) => {
        const thumb = task.images[0]?.thumb100;
        const active = task.taskStatus === 'WAIT' || task.taskStatus === 'RUNNING';
        return (
          <button
            type="button"
            key={task.id}
            className={`${styles.historyItem} ${task.id === selectedId ? styles.historyItemOn : ''}`}
            onClick={() => onSelect(task.id)}
            data-testid="ai-img-history-item"
            data-status={task.taskStatus}
          >
            <span className={styles.thumb}>
              {thumb && sources[thumb] ? <img src={sources[thumb]} alt="" /> : <PictureOutlined />}
            </span>
            <span className={styles.historyText}>
              <Typography.Text ellipsis className={styles.historyPrompt}>
                {task.prompt || '—'}
              </Typography.Text>
              <span className={styles.historyMeta}>
                <Tag color={STATUS_COLOURS[task.taskStatus]} bordered={false}>
                  {t(`aiImg.status.${task.taskStatus}`)}
                </Tag>
                <span>{task.drawType === 'MJ' ? 'MJ' : 'SD'}</span>
              </span>
              {active && (
                <Progress
                  percent={Number.parseInt(task.progress.schedule, 10) || 0}
                  size="small"
                  showInfo={false}
                  status="active"
                />
              )}
            </span>
          </button>
        );
      })}
      <div className={styles.loadMore}>
        {loading ? (
          <Spin size="small" />
        ) : (
          <Button type="link" size="small" onClick={onLoadMore} data-testid="ai-img-load-more" data-ended={ended}>
            {t('aiImg.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
