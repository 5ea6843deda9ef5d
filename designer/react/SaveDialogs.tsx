/**
 * The save's dialogs: the table-sync plan shown before anything applies (a step that retires a
 * column needs the box ticked), and the conflict when someone saved in between (reload, compare,
 * or keep editing).
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, List, Modal, Tag } from 'antd';
import { translate } from '../../protocol/messages';
import type { PlanStep } from './api';
import { describeStep, isDestructive } from './plan-text';

export function PlanDialog(props: {
  lang: 'zh' | 'en';
  plan: PlanStep[];
  saving: boolean;
  onApply: (confirm: boolean) => void;
  onCancel: () => void;
}) {
  const { lang, plan } = props;
  const t = (key: string) => translate(lang, key);
  const destructive = plan.some(isDestructive);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Modal
      open
      title={t('designerUi.planTitle')}
      okText={t('designerUi.planApply')}
      cancelText={t('designerUi.cancel')}
      okButtonProps={{ disabled: destructive && !confirmed, loading: props.saving, danger: destructive }}
      onOk={() => props.onApply(destructive)}
      onCancel={props.onCancel}
      className="tessera-designer-plan"
    >
      {plan.length === 0 ? (
        <Alert type="success" showIcon message={t('designerUi.planEmpty')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={plan}
          renderItem={(step) => (
            <List.Item>
              {isDestructive(step) && <Tag color="red">!</Tag>}
              {describeStep(step, lang)}
            </List.Item>
          )}
        />
      )}
      {destructive && (
        <>
          <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('designerUi.planDestructive')} />
          <Checkbox
            style={{ marginTop: 8 }}
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          >
            {t('designerUi.planConfirmBox')}
          </Checkbox>
        </>
      )}
    </Modal>
  );
}

export function ConflictDialog(props: {
  lang: 'zh' | 'en';
  message: string;
  onReload: () => void;
  onCompare: () => void;
  onClose: () => void;
}) {
  const t = (key: string) => translate(props.lang, key);
  return (
    <Modal
      open
      title={t('designerUi.conflictTitle')}
      onCancel={props.onClose}
      footer={[
        <Button key="keep" onClick={props.onClose}>
          {t('designerUi.keepEditing')}
        </Button>,
        <Button key="compare" onClick={props.onCompare}>
          {t('designerUi.compare')}
        </Button>,
        <Button key="reload" type="primary" danger onClick={props.onReload}>
          {t('designerUi.reload')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon message={props.message} />
    </Modal>
  );
}
