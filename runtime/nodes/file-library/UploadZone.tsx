/**
 * The drop zone of the file library: many files at once (drag and drop or the file chooser, which
 * the keyboard reaches: the zone is a button), sent one by one with the batch's progress and each
 * file's outcome; a refused file shows the server's reason and the others still go.
 */
import {
  CheckCircleTwoTone,
  CloseCircleTwoTone,
  CloseOutlined,
  InboxOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { Button, Progress, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useRef, useState } from 'react';
import { useT } from '../../react/context';
import { batchProgress, runQueue, type QueuedFile, type UploadState } from './upload-queue';

export interface UploadZoneProps {
  disabled?: boolean;
  /** Sends one file; answers undefined when stored, else the refusal's message. */
  send: (file: RcFile) => Promise<string | undefined>;
  /** After a batch: how many were stored. */
  onBatchDone: (stored: number, failed: number) => void;
}

const ICONS: Record<UploadState, React.ReactNode> = {
  waiting: null,
  uploading: <LoadingOutlined />,
  done: <CheckCircleTwoTone twoToneColor="#52c41a" />,
  error: <CloseCircleTwoTone twoToneColor="#ff4d4f" />,
};

export function UploadZone({ disabled, send, onBatchDone }: UploadZoneProps) {
  const t = useT();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const busy = useRef(false);

  async function start(files: RcFile[]) {
    if (busy.current || !files.length) return;
    busy.current = true;
    const items: QueuedFile[] = files.map((file) => ({
      uid: file.uid,
      name: file.name,
      size: file.size,
      state: 'waiting',
    }));
    setQueue(items);
    const byUid = new Map(files.map((file) => [file.uid, file]));
    let stored = 0;
    let failed = 0;
    await runQueue(
      items,
      (item) => send(byUid.get(item.uid)!),
      (uid, state, error) => {
        if (state === 'done') stored += 1;
        if (state === 'error') failed += 1;
        setQueue((current) => current.map((item) => (item.uid === uid ? { ...item, state, error } : item)));
      },
    );
    busy.current = false;
    onBatchDone(stored, failed);
  }

  const progress = batchProgress(queue);
  const running = queue.some((item) => item.state === 'waiting' || item.state === 'uploading');
  return (
    <div className="tessera-file-library-upload">
      <Upload.Dragger
        multiple
        disabled={disabled || running}
        showUploadList={false}
        beforeUpload={(file, list) => {
          // antd calls this once per file of a drop; the batch starts with the last one.
          if (file.uid === list[list.length - 1]?.uid) void start(list);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('resource.dropHint')}</p>
      </Upload.Dragger>
      {queue.length > 0 && (
        <div className="tessera-file-library-queue" aria-live="polite" style={{ marginTop: 8 }}>
          {!running && (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('resource.clearQueue')}
              title={t('resource.clearQueue')}
              style={{ float: 'right' }}
              onClick={() => setQueue([])}
            />
          )}
          <Progress
            percent={progress.percent}
            status={running ? 'active' : progress.failed ? 'exception' : 'success'}
            format={() => `${progress.done + progress.failed} / ${progress.total}`}
          />
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {queue.map((item) => (
              <li key={item.uid} data-state={item.state} className="tessera-file-library-queue-item">
                {ICONS[item.state]} <span>{item.name}</span>
                {item.error && <span style={{ color: '#ff4d4f', marginLeft: 8 }}>{item.error}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
