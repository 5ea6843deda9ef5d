/**
 * "描述修改 / Describe a change" (docs/designer.md "Describe a change"): a sentence goes to the
 * server (the stored schema and the app's model, server/ai-generator/describe-routes.ts), the change
 * comes back as operations; the panel shows them as a list and hands a preview to the canvas (added
 * green, changed amber, removed red) until the admin accepts — one undoable command — or discards,
 * which leaves the document as it was. A non-modal drawer, so the canvas stays in view.
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { translate } from '../../protocol/messages';
import { MAX_DESCRIBE_PROMPT } from '../../protocol/ai-generator';
import { useRuntime } from '../../runtime/react/context';
import { previewPatch, type PatchMark, type PatchPreview } from '../core';
import { describeChange, type DescribedChange } from './api';
import { useDesigner } from './context';

const MARK_COLOR: Record<PatchMark, string> = { added: 'green', changed: 'orange', removed: 'red' };

export interface PendingChange {
  change: DescribedChange;
  preview: PatchPreview;
}

export function DescribePanel(props: {
  moduleId: string;
  baseVersion?: number;
  pending?: PendingChange;
  onPending: (pending: PendingChange | undefined) => void;
  onClose: () => void;
}) {
  const { request } = useRuntime();
  const { state, dispatch, lang } = useDesigner();
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, key, vars);
  const [text, setText] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const { pending } = props;

  const send = async () => {
    if (props.baseVersion === undefined) return setError(t('aiDescribe.saveFirst'));
    if (!text.trim()) return setError(t('aiDescribe.contentRequired'));
    setError(undefined);
    props.onPending(undefined);
    setAsking(true);
    try {
      const answer = await describeChange(request, {
        moduleId: props.moduleId,
        baseVersion: props.baseVersion,
        content: text.trim(),
      });
      if (!answer.ok) return setError(answer.message);
      // The operations are applied to the document as it is now (unsaved edits included).
      const result = previewPatch(state.editor.doc, answer.change.operations, lang);
      if (!result.ok) return setError(result.message[lang]);
      props.onPending({ change: answer.change, preview: result.preview });
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setAsking(false);
    }
  };

  const accept = () => {
    if (!pending) return;
    dispatch({ type: 'run', command: { type: 'applyPatch', operations: pending.change.operations } });
    props.onPending(undefined);
    setText('');
  };

  return (
    <Drawer
      open
      mask={false}
      width={380}
      title={t('aiDescribe.title')}
      onClose={() => {
        props.onPending(undefined);
        props.onClose();
      }}
      data-testid="describe-panel"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          data-testid="describe-text"
          value={text}
          maxLength={MAX_DESCRIBE_PROMPT}
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('aiDescribe.placeholder')}
          disabled={asking}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
          }}
        />
        <Button type="primary" loading={asking} onClick={() => void send()} data-testid="describe-send">
          {t('aiDescribe.send')}
        </Button>
        {asking && <Spin tip={t('aiDescribe.asking')}>{<div style={{ height: 48 }} />}</Spin>}
        {error && <Alert type="error" showIcon message={error} data-testid="describe-error" />}
        {pending && (
          <div data-testid="describe-result">
            <Typography.Paragraph strong>{pending.change.summary[lang]}</Typography.Paragraph>
            <List
              size="small"
              bordered
              dataSource={pending.preview.items}
              renderItem={(item) => (
                <List.Item>
                  <Tag color={MARK_COLOR[item.mark]}>{t(`aiDescribe.mark.${item.mark}`)}</Tag>
                  {item.title} <Typography.Text type="secondary">· {item.key}</Typography.Text>
                </List.Item>
              )}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('aiDescribe.legend')}
              {pending.change.repairs > 0 && <> · {t('aiDescribe.repairs', { count: pending.change.repairs })}</>}
            </Typography.Paragraph>
            <Alert type="warning" showIcon message={t('aiDescribe.aiWarning')} style={{ marginBottom: 8 }} />
            <Space>
              <Button type="primary" onClick={accept} data-testid="describe-accept">
                {t('aiDescribe.accept')}
              </Button>
              <Button onClick={() => props.onPending(undefined)} data-testid="describe-discard">
                {t('aiDescribe.discard')}
              </Button>
            </Space>
          </div>
        )}
      </Space>
    </Drawer>
  );
}
