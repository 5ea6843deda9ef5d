/**
 * The task form: name, cron with its next run times explained live by the server (croner in the
 * task's zone; a refusal shows why), time zone, enabled, missed-run policy, time limit, and the
 * action's settings — a data source of the api page, a report over an app table
 * (TableReportFields.tsx), recipients, the message.
 */
import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Alert, Form, Input, InputNumber, Modal, Radio, Select, Switch, Typography, message } from 'antd';
import { useRuntime, useT } from '../../react/context';
import { tasksApi, type TaskInput, type TaskView } from './api';
import { audienceOf, RecipientFields, recipientsTo, type RecipientValues } from '../messages/RecipientFields';
import { TableReportFields, tableReportConfig, tableReportValues, type TableReportValues } from './TableReportFields';

interface Values extends TableReportValues, RecipientValues {
  name: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  missed: 'skip' | 'runOnce';
  timeoutSeconds: number;
  action: TaskInput['action'];
  source?: string;
  title?: string;
  body?: string;
  maxRows?: number;
}

interface Options {
  sources: { name: string; title: string }[];
  users: { id: string; name: string; account: string }[];
  roles: { id: string; name: string }[];
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['Asia/Shanghai', 'UTC'];
};

function valuesOf(task?: TaskView): Values {
  if (!task)
    return {
      name: '',
      cron: '0 9 * * *',
      timezone: localZone(),
      enabled: true,
      missed: 'skip',
      timeoutSeconds: 30,
      action: 'message',
      audience: 'users',
      maxRows: 20,
      limit: 20,
      output: 'message',
    };
  const to = task.config.to ?? {};
  return {
    name: task.name,
    cron: task.cron,
    timezone: task.timezone,
    enabled: task.enabled,
    missed: task.missed,
    timeoutSeconds: Math.round(task.timeout_ms / 1000),
    action: task.action,
    source: task.config.source,
    audience: audienceOf(to),
    userIds: to.userIds,
    roleIds: to.roleIds,
    title: task.config.title,
    body: task.config.body,
    maxRows: task.config.maxRows ?? 20,
    ...tableReportValues(task.config),
  };
}

function inputOf(values: Values, task?: TaskView): TaskInput {
  const to = recipientsTo(values);
  const message = { to, title: values.title ?? '', body: values.body ?? '' };
  return {
    name: values.name,
    cron: values.cron,
    timezone: values.timezone,
    enabled: values.enabled,
    missed: values.missed,
    timeout_ms: values.timeoutSeconds * 1000,
    action: values.action,
    config:
      values.action === 'api'
        ? { source: values.source }
        : values.action === 'message'
          ? message
          : values.action === 'tableReport'
            ? { ...message, ...tableReportConfig(values, task?.config.query) }
            : { ...message, source: values.source, maxRows: values.maxRows ?? 20 },
  };
}

/** The next run times of the expression as the server explains them, or its refusal. */
function useExplanation(cron: string | undefined, timezone: string | undefined) {
  const { request } = useRuntime();
  const [answer, setAnswer] = useState<{ next?: string[]; zone?: string; error?: string }>({});
  useEffect(() => {
    if (!cron?.trim() || !timezone?.trim()) return setAnswer({});
    let live = true;
    const timer = setTimeout(() => {
      tasksApi(request)
        .explain(cron, timezone)
        .then((d) => live && setAnswer({ next: d.next, zone: timezone }))
        .catch((error: Error) => live && setAnswer({ error: error.message }));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [request, cron, timezone]);
  return answer;
}

export function TaskForm({
  task,
  open,
  onClose,
  onSaved,
}: {
  task?: TaskView;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { request, lang } = useRuntime();
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<Options>({ sources: [], users: [], roles: [] });
  const action = Form.useWatch('action', form);
  const audience = Form.useWatch('audience', form);
  const cron = Form.useWatch('cron', form);
  const timezone = Form.useWatch('timezone', form);
  const explained = useExplanation(cron, timezone);
  const zoneOptions = useMemo(() => zones().map((z) => ({ value: z })), []);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(valuesOf(task));
    const api = tasksApi(request);
    void Promise.all([api.sources().catch(() => []), api.recipients().catch(() => ({ users: [], roles: [] }))]).then(
      ([sources, recipients]) => setOptions({ sources, ...recipients }),
    );
  }, [open, task, form, request]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const api = tasksApi(request);
      if (task) await api.update(task.id, inputOf(values, task));
      else await api.create(inputOf(values, task));
      void message.success(t('tasks.saved'));
      onSaved();
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  // In the zone the server explained (the field may already hold a zone being typed, not valid yet).
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang === 'en' ? 'en' : 'zh-CN', { timeZone: explained.zone });
  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];

  return (
    <Modal
      open={open}
      width={640}
      title={task ? t('tasks.edit') : t('tasks.new')}
      okText={t('tasks.save')}
      cancelText={t('messages.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="task-form"
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('tasks.name')} rules={required('tasks.nameRequired')}>
          <Input maxLength={120} data-testid="task-name" />
        </Form.Item>
        <Form.Item
          name="cron"
          label={t('tasks.cron')}
          rules={required('tasks.cronRequired')}
          extra={
            explained.error ? (
              <Typography.Text type="danger" data-testid="task-cron-error">
                {explained.error}
              </Typography.Text>
            ) : explained.next ? (
              <span data-testid="task-cron-next">
                {t('tasks.nextRuns')}: {explained.next.slice(0, 3).map(when).join('；')}
              </span>
            ) : (
              t('tasks.cronHint')
            )
          }
        >
          <Input maxLength={120} data-testid="task-cron" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="timezone" label={t('tasks.timezone')} rules={required('tasks.timezoneRequired')}>
          <AutoComplete
            options={zoneOptions}
            filterOption={(input, option) => String(option?.value).toLowerCase().includes(input.toLowerCase())}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('tasks.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="missed" label={t('tasks.missed')}>
          <Radio.Group
            options={[
              { value: 'skip', label: t('tasks.missedSkip') },
              { value: 'runOnce', label: t('tasks.missedRunOnce') },
            ]}
          />
        </Form.Item>
        <Form.Item name="timeoutSeconds" label={t('tasks.timeout')}>
          <InputNumber min={1} max={300} addonAfter={t('tasks.seconds')} />
        </Form.Item>
        <Form.Item name="action" label={t('tasks.action')}>
          <Radio.Group
            optionType="button"
            data-testid="task-action"
            options={[
              { value: 'message', label: t('tasks.action.message') },
              { value: 'api', label: t('tasks.action.api') },
              { value: 'report', label: t('tasks.action.report') },
              { value: 'tableReport', label: t('tasks.action.tableReport') },
            ]}
          />
        </Form.Item>
        {action === 'tableReport' && <TableReportFields />}
        {(action === 'api' || action === 'report') && (
          <Form.Item
            name="source"
            label={t('tasks.source')}
            rules={[{ required: true, message: t('tasks.sourceRequired') }]}
          >
            <Select
              showSearch
              options={options.sources.map((s) => ({ value: s.name, label: `${s.title} (${s.name})` }))}
              notFoundContent={<Alert type="info" message={t('tasks.noSources')} />}
            />
          </Form.Item>
        )}
        {action !== 'api' && (
          <>
            <RecipientFields audience={audience} recipients={options} usersTestId="task-users" />
            <Form.Item name="title" label={t('messages.title')} rules={required('messages.titleRequired')}>
              <Input maxLength={200} data-testid="task-message-title" />
            </Form.Item>
            <Form.Item
              name="body"
              label={action === 'report' || action === 'tableReport' ? t('tasks.reportIntro') : t('messages.body')}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={10000} />
            </Form.Item>
          </>
        )}
        {action === 'report' && (
          <Form.Item name="maxRows" label={t('tasks.maxRows')}>
            <InputNumber min={1} max={50} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
