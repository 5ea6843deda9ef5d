/**
 * The AI app generator dialog (ai-and-widgets §2, §4, §5): four states — beforeCreate (provider,
 * description, close / auto-generate), createIng (the progress timeline, the current step pending),
 * createFinish as success (address, account, password shown once, the AI-content warning, close /
 * enter app in a new tab) or as failure (adjust the description, close / restart). Loaded lazily
 * with its catalog (protocol/messages/late.ts): the first page never pays for it.
 */
import '../../../protocol/messages/late';
import {
  Alert,
  App as AntdApp,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Timeline,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  DEFAULT_GENERATOR_TYPE,
  GENERATOR_TYPES,
  generatedPassword,
  MAX_GENERATOR_PROMPT,
  type GeneratorType,
} from '../../../protocol/ai-generator';
import { currentEnvelope, request } from '../../api/client';
import { currentLang } from '../../i18n';
import { session } from '../../session/store';
import { openProgressStream, streamsSupported, type ProgressStream } from './progress-stream';

type Status = 'beforeCreate' | 'createIng' | 'createFinish';

interface Outcome {
  identify?: string;
  password: string;
  account: string;
}

export function GeneratorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const { user } = useSnapshot(session);
  const example = t('aiGen.example');
  const [type, setType] = useState<GeneratorType>(DEFAULT_GENERATOR_TYPE);
  const [content, setContent] = useState(example);
  const [status, setStatus] = useState<Status>('beforeCreate');
  const [steps, setSteps] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const loading = useRef(false);
  const stream = useRef<ProgressStream | undefined>(undefined);
  // The answer carries the app's identifier once it is built: the stream's last message ('creation
  // complete') may arrive after the answer, or never when the stream dropped mid-build.
  const succeeded = status === 'createFinish' && !!outcome?.identify;

  const restart = () => {
    stream.current?.close();
    setStatus('beforeCreate');
    setContent('');
    setSteps([]);
    setFailure(undefined);
    setOutcome(undefined);
  };
  const close = () => {
    if (!loading.current) restart();
    onClose();
  };

  const submit = async () => {
    if (loading.current) return void message.warning(t('aiGen.repeat'));
    if (content === example) return void message.warning(t('aiGen.describe'));
    if (!streamsSupported()) return void message.warning(t('aiGen.noSse'));
    loading.current = true;
    const password = generatedPassword((n) => crypto.getRandomValues(new Uint8Array(n)));
    const account = user?.mobile ?? '';
    setSteps([t('aiGen.step.connect')]);
    setFailure(undefined);
    setStatus('createIng');
    try {
      stream.current = await openProgressStream({
        token: session.token,
        appId: session.appInfo?.id,
        lang: currentLang(),
        envelope: currentEnvelope(),
        onText: (text) => setSteps((list) => [...list, text]),
        onError: (text) => setFailure(text),
        onClosed: () => undefined,
      });
      const result = await request<string>({
        method: 'POST',
        url: 'appGenerator/create',
        body: { type, connectId: stream.current.connectId, content, mobile: account, password },
      });
      if (String(result.code) === '200') setOutcome({ identify: result.data, password, account });
      else {
        message.warning(result.message);
        setFailure((current) => current ?? result.message);
      }
    } catch {
      setFailure((current) => current ?? t('error.connection'));
    } finally {
      loading.current = false;
      stream.current?.close();
      setStatus('createFinish');
    }
  };

  const address = outcome?.identify ? `${window.location.origin}/${outcome.identify}/` : '';
  const footer =
    status === 'beforeCreate'
      ? [
          <Button key="close" onClick={close}>
            {t('aiGen.close')}
          </Button>,
          <Button key="go" type="primary" onClick={() => void submit()} data-testid="ai-generate">
            {t('aiGen.generate')}
          </Button>,
        ]
      : status === 'createIng'
        ? [
            <Button key="close" onClick={close}>
              {t('aiGen.close')}
            </Button>,
          ]
        : succeeded
          ? [
              <Button key="close" onClick={close}>
                {t('aiGen.close')}
              </Button>,
              <Button key="enter" type="primary" onClick={() => window.open(address, '_blank', 'noopener')}>
                {t('aiGen.enterApp')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={close}>
                {t('aiGen.close')}
              </Button>,
              <Button key="restart" type="primary" onClick={restart}>
                {t('aiGen.restart')}
              </Button>,
            ];

  return (
    <Modal open={open} title={t('aiGen.title')} onCancel={close} footer={footer} width={640} maskClosable={false}>
      <div
        data-testid="ai-app-dialog"
        data-status={succeeded ? 'success' : status === 'createFinish' ? 'failure' : status}
      >
        {status === 'beforeCreate' ? (
          <Form layout="vertical">
            <Form.Item label={t('aiGen.model')}>
              <Select
                value={type}
                onChange={setType}
                options={GENERATOR_TYPES.map((value) => ({ value, label: t(`aiGen.type.${value}`) }))}
                data-testid="ai-model"
              />
            </Form.Item>
            <Form.Item>
              <Input.TextArea
                value={content}
                onChange={(event) => setContent(event.target.value)}
                autoSize={{ minRows: 10, maxRows: 20 }}
                maxLength={MAX_GENERATOR_PROMPT}
                data-testid="ai-content"
              />
            </Form.Item>
          </Form>
        ) : null}
        {status === 'createIng' ? (
          <Timeline
            pending={steps.at(-1)}
            items={steps.slice(0, -1).map((text, i) => ({ key: i, children: text }))}
            data-testid="ai-progress"
          />
        ) : null}
        {status === 'createFinish' && succeeded ? (
          <Result
            status="success"
            title={t('aiGen.successTitle')}
            subTitle={
              <Space direction="vertical" style={{ width: '100%', textAlign: 'left' }}>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('aiGen.address')}>
                    <Typography.Text copyable data-testid="ai-address">
                      {address}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('aiGen.account')}>
                    <Typography.Text copyable data-testid="ai-account">
                      {outcome?.account}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('aiGen.password')}>
                    <Typography.Text copyable data-testid="ai-password">
                      {outcome?.password}
                    </Typography.Text>
                  </Descriptions.Item>
                </Descriptions>
                <Typography.Text type="secondary">{t('aiGen.passwordOnce')}</Typography.Text>
                <Alert type="warning" showIcon message={t('aiGen.aiWarning')} />
              </Space>
            }
          />
        ) : null}
        {status === 'createFinish' && !succeeded ? (
          <Result
            status="error"
            title={t('aiGen.failTitle')}
            subTitle={failure ? `${t('aiGen.failHint')} — ${failure}` : t('aiGen.failHint')}
          >
            <Timeline items={steps.map((text, i) => ({ key: i, children: text }))} />
          </Result>
        ) : null}
      </div>
    </Modal>
  );
}
