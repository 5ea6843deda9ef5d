/**
 * 导入{title} (building-blocks §2, §5): 500px, .xlsx / .xls only, tips (200 rows at most, use the
 * template), 下载模版, a progress indicator while the upload runs, and the server's row errors
 * listed as 第 N 行 · column · message. Success closes the dialog and reloads the list. When the
 * module has saved import templates (the importTemplate page) the dialog offers them: the chosen
 * one shapes both the downloaded template and the import; none means the list's own fields.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Progress, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { ImportTemplateChoice } from '../../core/data/import-templates';
import type { ImportRowError } from '../../core/data/provider';
import { IMPORT_EXTENSIONS } from '../../core/list/transfer';
import { useT } from '../../react/context';
import { DIALOG_WIDTH } from './dialogs';

/** A creeping percentage while the server works (the upload is one request: no real progress events). */
function useCreep(running: boolean): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!running) return;
    setPercent(5);
    const timer = setInterval(() => setPercent((p) => Math.min(95, p + Math.max(1, (95 - p) / 8))), 200);
    return () => clearInterval(timer);
  }, [running]);
  return Math.round(percent);
}

export function ImportDialog(props: {
  title: string;
  onImport(file: File): Promise<{ ok: boolean; errors: ImportRowError[] }>;
  onTemplate(): void;
  onClose(): void;
  templates?: readonly ImportTemplateChoice[];
  templateId?: string;
  onTemplateChange?(id: string | undefined): void;
}) {
  const t = useT();
  const [file, setFile] = useState<File>();
  const [running, setRunning] = useState(false);
  const [errors, setErrors] = useState<ImportRowError[]>([]);
  const percent = useCreep(running);

  const start = async () => {
    if (!file) return;
    setRunning(true);
    setErrors([]);
    try {
      const outcome = await props.onImport(file);
      if (!outcome.ok) setErrors(outcome.errors);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      title={t('list.import.title', { title: props.title })}
      width={DIALOG_WIDTH}
      onCancel={props.onClose}
      maskClosable={!running}
      className="tessera-list-import"
      footer={
        <Space>
          <Button onClick={props.onClose} disabled={running}>
            {t('runtime.modal.close')}
          </Button>
          <Button type="primary" disabled={!file} loading={running} onClick={() => void start()}>
            {t('list.import.start')}
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        message={
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            <li>{t('list.import.tipFormat')}</li>
            <li>{t('list.import.tipRows')}</li>
            <li>{t('list.import.tipTemplate')}</li>
          </ul>
        }
      />
      <Space direction="vertical" style={{ width: '100%' }}>
        {props.templates && props.templates.length > 0 && (
          <Select
            className="tessera-import-template"
            style={{ width: '100%' }}
            allowClear
            disabled={running}
            placeholder={t('list.import.templatePick')}
            aria-label={t('list.import.templatePick')}
            value={props.templateId}
            onChange={(id: string | undefined) => props.onTemplateChange?.(id)}
            options={props.templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          />
        )}
        <Button icon={<DownloadOutlined />} onClick={props.onTemplate}>
          {t('list.import.template')}
        </Button>
        <Upload
          accept={IMPORT_EXTENSIONS.join(',')}
          maxCount={1}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setErrors([]);
            return false; // upload on 开始导入, not on choice
          }}
          onRemove={() => setFile(undefined)}
        >
          <Button icon={<UploadOutlined />} disabled={running}>
            {t('list.import.choose')}
          </Button>
        </Upload>
        {running && <Progress percent={percent} status="active" aria-label={t('list.import.running')} />}
        {errors.length > 0 && (
          <List
            className="tessera-import-errors"
            size="small"
            bordered
            header={<Typography.Text type="danger">{t('list.import.errorsTitle')}</Typography.Text>}
            dataSource={errors}
            renderItem={(e) => (
              <List.Item>
                {[t('list.import.errorRow', { row: e.row }), e.title ?? e.key, e.message].filter(Boolean).join(' · ')}
              </List.Item>
            )}
          />
        )}
      </Space>
    </Modal>
  );
}
