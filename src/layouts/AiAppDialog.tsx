import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AI_CREATE_PARAM } from './ai-create-param';

/**
 * The AI app generator's place in the shell: the top bar sends admins to the applications page
 * with ?create=ai and the generator dialog opens over the list (ai-and-widgets §2 describes it as
 * a dialog; no route of its own). The generator itself belongs to the AI issue; until then the
 * dialog says so and closing it leaves the user on the applications list — never a dead end.
 */
export function AiAppDialog({ path }: { path: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const open = path === 'app' && params.get(AI_CREATE_PARAM) === 'ai';
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(AI_CREATE_PARAM);
    setParams(next, { replace: true });
  };
  return (
    <Modal
      open={open}
      title={t('bar.aiApp')}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('common.ok')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="ai-app-dialog">
        <Result status="info" title={t('bar.aiAppPending')} subTitle={t('bar.aiAppPendingSub')} />
      </div>
    </Modal>
  );
}
