/**
 * The flow page (`flow`, admins; docs/workflow.md): the app's flow definitions in a table and a
 * step-list editor — each step's name, approvers (users, roles, a department's leader, the
 * starter's leader), mode (any one / all), condition on the record's fields and editable fields.
 * Saving writes a new version; approvals already running keep theirs (the server's rule).
 */
import { message as antMessage, Button, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntime, useT } from '../../react/context';
import { flowsApi, type FlowDef, type Option } from './api';
import { FlowEditor } from './FlowEditor';

export interface PeopleOptions {
  users: Option[];
  roles: Option[];
  depts: Option[];
}

export function FlowAdmin() {
  const { request, tablePrefix } = useRuntime();
  const t = useT();
  const [message, messageHolder] = antMessage.useMessage();
  const api = useMemo(() => flowsApi(request, tablePrefix), [request, tablePrefix]);
  const [flows, setFlows] = useState<FlowDef[]>();
  const [editing, setEditing] = useState<FlowDef | 'new'>();
  const [people, setPeople] = useState<PeopleOptions>({ users: [], roles: [], depts: [] });

  const load = useCallback(
    () => api.list().then(setFlows, (e: Error) => void message.warning(e.message)),
    [api, message],
  );
  useEffect(() => void load(), [load]);
  useEffect(() => {
    Promise.all([api.users(), api.roles(), api.depts()]).then(
      ([users, roles, depts]) => setPeople({ users, roles, depts }),
      () => undefined,
    );
  }, [api]);

  const remove = async (flow: FlowDef) => {
    try {
      await api.remove(flow.id);
      message.success(t('flows.ui.deleted'));
      await load();
    } catch (error) {
      message.warning((error as Error).message);
    }
  };

  return (
    <div className="tessera-flow-admin" data-testid="flow-admin">
      {messageHolder}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('flows.ui.newFlow')}
        </Button>
      </Space>
      <Table<FlowDef>
        rowKey="id"
        size="small"
        loading={!flows}
        dataSource={flows ?? []}
        pagination={false}
        columns={[
          { title: t('flows.ui.name'), dataIndex: 'name', key: 'name' },
          { title: t('flows.ui.module'), dataIndex: 'module', key: 'module' },
          {
            title: t('flows.ui.steps'),
            key: 'steps',
            render: (_: unknown, flow: FlowDef) => (
              <Space wrap size={4}>
                {flow.steps.map((step, index) => (
                  <Tag key={index}>{`${index + 1}. ${step.name}`}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('flows.ui.version'), dataIndex: 'version', key: 'version' },
          {
            title: t('flows.ui.enabled'),
            key: 'enabled',
            render: (_: unknown, flow: FlowDef) => <Switch size="small" checked={flow.enabled} disabled />,
          },
          {
            title: t('flows.ui.operation'),
            key: 'op',
            render: (_: unknown, flow: FlowDef) => (
              <Space>
                <Button size="small" onClick={() => setEditing(flow)}>
                  {t('flows.ui.edit')}
                </Button>
                <Popconfirm
                  title={t('flows.ui.deleteConfirm', { name: flow.name })}
                  onConfirm={() => void remove(flow)}
                >
                  <Button size="small" danger>
                    {t('flows.ui.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <FlowEditor
          flow={editing === 'new' ? undefined : editing}
          people={people}
          onClose={() => setEditing(undefined)}
          onSave={async (input) => {
            if (editing === 'new') await api.create(input);
            else await api.update(editing.id, input);
            message.success(t('flows.ui.saved'));
            setEditing(undefined);
            await load();
          }}
        />
      )}
    </div>
  );
}
