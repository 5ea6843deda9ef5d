/** The admin's send form: to chosen users, roles or everyone; title, text and an optional page link. */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, message } from 'antd';
import { useRuntime, useT } from '../../react/context';
import { messagesApi, type Recipients } from './api';
import { RecipientFields, recipientsTo, type RecipientValues } from './RecipientFields';

interface Values extends RecipientValues {
  title: string;
  body?: string;
  link?: string;
}

export function SendDialog({
  open,
  recipients,
  onClose,
  onSent,
}: {
  open: boolean;
  recipients: Recipients;
  onClose: () => void;
  onSent: () => void;
}) {
  const { request } = useRuntime();
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const audience = Form.useWatch('audience', form) ?? 'users';

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const to = recipientsTo(values);
    setSending(true);
    try {
      const sent = await messagesApi(request).send({
        to,
        title: values.title,
        body: values.body ?? '',
        link: values.link?.trim() || null,
      });
      void message.success(t('messages.sent', { count: sent.count }));
      onSent();
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('messages.send')}
      okText={t('messages.sendOk')}
      cancelText={t('messages.cancel')}
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="message-send-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ audience: 'users' }}>
        <RecipientFields audience={audience} recipients={recipients} usersTestId="message-users" />
        <Form.Item
          name="title"
          label={t('messages.title')}
          rules={[{ required: true, whitespace: true, message: t('messages.titleRequired') }]}
        >
          <Input maxLength={200} data-testid="message-title" />
        </Form.Item>
        <Form.Item name="body" label={t('messages.body')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={10000} data-testid="message-body" />
        </Form.Item>
        <Form.Item name="link" label={t('messages.link')} extra={t('messages.linkHint')}>
          <Input maxLength={500} placeholder="backlog" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
