import { App as AntdApp, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCustomer, type CustomerForm } from '../session/account';

/** Option values are stored as they are listed here (comma lists for the multi ones). */
export const BIZ_TYPES = ['mini_program', 'mobile_app', 'website_app', 'none'] as const;
export const ROLE_TYPES = ['operator', 'developer', 'third_party'] as const;
export const DEV_TEAMS = ['institution', 'individual', 'outsourcing'] as const;

interface Values {
  name: string;
  biz_type: string[];
  role_type: string[];
  dev_team: string;
}

/** The complete-info dialog (spec §3–§5): four required fields; closes after a successful save. */
export function CompleteInfoDialog({ open, onDone }: { open: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const required = [{ required: true, message: t('info.required') }];
  const options = (prefix: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      void message.warning(t('info.required'));
      return;
    }
    const body: CustomerForm = {
      name: values.name.trim(),
      biz_type: values.biz_type.join(','),
      role_type: values.role_type.join(','),
      dev_team: values.dev_team,
    };
    setSaving(true);
    try {
      await saveCustomer(body);
      void message.success(t('info.saved'));
      onDone();
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('info.title')}
      okText={t('common.ok')}
      confirmLoading={saving}
      onOk={() => void submit()}
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="complete-info"
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="name" label={t('info.name')} rules={[{ ...required[0], whitespace: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="biz_type" label={t('info.bizType')} rules={required}>
          <Checkbox.Group options={options('info.biz', BIZ_TYPES)} />
        </Form.Item>
        <Form.Item name="role_type" label={t('info.roleType')} rules={required}>
          <Checkbox.Group options={options('info.role', ROLE_TYPES)} />
        </Form.Item>
        <Form.Item name="dev_team" label={t('info.devTeam')} rules={required}>
          <Radio.Group options={options('info.team', DEV_TEAMS)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
