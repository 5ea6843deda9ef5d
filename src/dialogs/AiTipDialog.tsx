import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** For admins of an AI-generated app (source 1): what to check; "do not remind again" is kept. */
export function AiTipDialog({ open, onClose }: { open: boolean; onClose: (forever: boolean) => void }) {
  const { t } = useTranslation();
  const [forever, setForever] = useState(false);
  return (
    <Modal
      open={open}
      title={t('aiTip.title')}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={() => onClose(forever)}
      onCancel={() => onClose(forever)}
      data-testid="ai-tip"
    >
      <Typography.Paragraph>{t('aiTip.body')}</Typography.Paragraph>
      <Checkbox checked={forever} onChange={(event) => setForever(event.target.checked)}>
        {t('aiTip.noMore')}
      </Checkbox>
    </Modal>
  );
}
