/**
 * The step-list editor of one flow (docs/workflow.md): ordered step cards, each with its name,
 * mode, approvers, condition and editable fields; steps added, removed and moved. The server
 * checks everything again (module fields, approvers of this app, a condition that parses) and its
 * refusal, naming the step, is shown above the steps.
 */
import { Alert, Button, Card, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../react/context';
import type { Approver, ApproverKind, FlowDef, FlowInput, FlowStep } from './api';
import type { PeopleOptions } from './FlowAdmin';

const KINDS: ApproverKind[] = ['user', 'role', 'dept', 'starterLeader'];
const emptyStep = (): FlowStep => ({ name: '', approvers: [{ kind: 'user' }], mode: 'any' });

export function FlowEditor(props: {
  flow?: FlowDef;
  people: PeopleOptions;
  onClose(): void;
  onSave(input: FlowInput): Promise<void>;
}) {
  const t = useT();
  const [name, setName] = useState(props.flow?.name ?? '');
  const [module, setModule] = useState(props.flow?.module ?? '');
  const [enabled, setEnabled] = useState(props.flow?.enabled ?? true);
  const [steps, setSteps] = useState<FlowStep[]>(props.flow?.steps ?? [emptyStep()]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const change = (index: number, patch: Partial<FlowStep>) =>
    setSteps((all) => all.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  const move = (index: number, by: number) =>
    setSteps((all) => {
      const next = [...all];
      const [step] = next.splice(index, 1);
      next.splice(index + by, 0, step!);
      return next;
    });
  const setApprover = (index: number, at: number, approver: Approver | undefined) => {
    const list = [...steps[index]!.approvers];
    if (approver) list[at] = approver;
    else list.splice(at, 1);
    change(index, { approvers: list });
  };
  const optionsOf = (kind: ApproverKind) =>
    kind === 'user' ? props.people.users : kind === 'role' ? props.people.roles : props.people.depts;

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.onSave({
        name,
        module: module.trim(),
        enabled,
        steps: steps.map((step) => ({
          ...step,
          approvers: step.approvers.map((a) => (a.kind === 'starterLeader' ? { kind: a.kind } : a)),
          ...(step.condition?.trim() ? { condition: step.condition.trim() } : { condition: undefined }),
        })),
      });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={820}
      title={props.flow ? t('flows.ui.editFlow', { name: props.flow.name }) : t('flows.ui.newFlow')}
      okText={t('flows.ui.save')}
      cancelText={t('flows.ui.cancel')}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={props.onClose}
      maskClosable={false}
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="flow-editor">
        {error && <Alert type="error" showIcon message={error} data-testid="flow-editor-error" />}
        <Space wrap>
          <Input
            addonBefore={t('flows.ui.name')}
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
          <Input
            addonBefore={t('flows.ui.module')}
            value={module}
            disabled={Boolean(props.flow)}
            maxLength={64}
            onChange={(e) => setModule(e.target.value)}
          />
          <Space>
            <Typography.Text>{t('flows.ui.enabled')}</Typography.Text>
            <Switch checked={enabled} onChange={setEnabled} />
          </Space>
        </Space>
        {steps.map((step, index) => (
          <Card
            key={index}
            size="small"
            data-testid={`flow-step-${index}`}
            title={t('flows.ui.stepNo', { n: index + 1 })}
            extra={
              <Space>
                <Button size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button size="small" disabled={index === steps.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={steps.length === 1}
                  onClick={() => setSteps(steps.filter((_, i) => i !== index))}
                >
                  {t('flows.ui.delete')}
                </Button>
              </Space>
            }
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Input
                  addonBefore={t('flows.ui.stepName')}
                  value={step.name}
                  maxLength={60}
                  onChange={(e) => change(index, { name: e.target.value })}
                />
                <Select
                  value={step.mode}
                  style={{ width: 200 }}
                  onChange={(mode) => change(index, { mode })}
                  options={[
                    { value: 'any', label: t('flows.mode.any') },
                    { value: 'all', label: t('flows.mode.all') },
                  ]}
                />
              </Space>
              {step.approvers.map((approver, at) => (
                <Space key={at} wrap>
                  <Select
                    value={approver.kind}
                    style={{ width: 160 }}
                    onChange={(kind: ApproverKind) => setApprover(index, at, { kind })}
                    options={KINDS.map((kind) => ({ value: kind, label: t(`flows.approver.${kind}`) }))}
                  />
                  {approver.kind !== 'starterLeader' && (
                    <Select
                      showSearch
                      optionFilterProp="label"
                      value={approver.id}
                      style={{ width: 240 }}
                      placeholder={t('flows.ui.pick')}
                      onChange={(id: string) => setApprover(index, at, { kind: approver.kind, id })}
                      options={optionsOf(approver.kind)}
                    />
                  )}
                  <Button
                    size="small"
                    disabled={step.approvers.length === 1}
                    onClick={() => setApprover(index, at, undefined)}
                  >
                    −
                  </Button>
                </Space>
              ))}
              <Button size="small" onClick={() => change(index, { approvers: [...step.approvers, { kind: 'user' }] })}>
                {t('flows.ui.addApprover')}
              </Button>
              <Input
                addonBefore={t('flows.ui.condition')}
                placeholder="credit_limit > 1000"
                value={step.condition ?? ''}
                maxLength={2000}
                onChange={(e) => change(index, { condition: e.target.value })}
              />
              <Select
                mode="tags"
                style={{ width: '100%' }}
                placeholder={t('flows.ui.fields')}
                value={step.fields ?? []}
                onChange={(fields: string[]) => change(index, { fields })}
              />
            </Space>
          </Card>
        ))}
        <Button onClick={() => setSteps([...steps, emptyStep()])}>{t('flows.ui.addStep')}</Button>
      </Space>
    </Modal>
  );
}
