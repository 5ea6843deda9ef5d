/**
 * Who a message goes to — chosen users, roles or everyone — as form fields, and the `to` the server
 * takes from them. The admin's send dialog and a task's message (runtime/nodes/tasks/TaskForm.tsx)
 * both send through the same sendMessage on the server, so they pick recipients the same way.
 */
import { Form, Radio, Select } from 'antd';
import { useT } from '../../react/context';
import type { Recipients, SendInput } from './api';

export type Audience = 'users' | 'roles' | 'all';

export interface RecipientValues {
  audience: Audience;
  userIds?: string[];
  roleIds?: string[];
}

/** The server's `to` for the chosen audience: only the list that audience uses. */
export function recipientsTo(values: RecipientValues): SendInput['to'] {
  if (values.audience === 'all') return { all: true };
  if (values.audience === 'roles') return { roleIds: values.roleIds ?? [] };
  return { userIds: values.userIds ?? [] };
}

/** The audience a stored `to` was chosen with. */
export function audienceOf(to: SendInput['to']): Audience {
  return to.all ? 'all' : to.roleIds?.length ? 'roles' : 'users';
}

/** The audience radio and, for users or roles, the required multi-select of them. */
export function RecipientFields({
  audience,
  recipients,
  usersTestId,
}: {
  /** The form's current audience (Form.useWatch), which decides the list shown. */
  audience: Audience | undefined;
  recipients: Recipients;
  usersTestId: string;
}) {
  const t = useT();
  return (
    <>
      <Form.Item name="audience" label={t('messages.to')}>
        <Radio.Group
          options={[
            { value: 'users', label: t('messages.toUsers') },
            { value: 'roles', label: t('messages.toRoles') },
            { value: 'all', label: t('messages.toAll') },
          ]}
        />
      </Form.Item>
      {audience === 'users' && (
        <Form.Item
          name="userIds"
          label={t('messages.users')}
          rules={[{ required: true, message: t('messages.pickUsers') }]}
        >
          <Select
            mode="multiple"
            data-testid={usersTestId}
            optionFilterProp="label"
            options={recipients.users.map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }))}
          />
        </Form.Item>
      )}
      {audience === 'roles' && (
        <Form.Item
          name="roleIds"
          label={t('messages.roles')}
          rules={[{ required: true, message: t('messages.pickRoles') }]}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={recipients.roles.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      )}
    </>
  );
}
