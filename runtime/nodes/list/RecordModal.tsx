/**
 * The detail modal (building-blocks §2, §4): title 新增 / 编辑 / 拷贝 / 详情 by mode, width from the
 * schema (default 50%), footer 关闭 / 确定 — detail is read-only and has no 确定.
 */
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Alert, Button, Modal, Spin } from 'antd';
import { useMemo } from 'react';
import type { FieldDefinition, SchemaNode } from '../../../protocol/page-schema';
import { runAction } from '../../actions/define';
import { recordAction } from '../../actions/record';
import '../../actions/submit';
import type { ActionUi, RecordMode } from '../../actions/types';
import type { DataProvider } from '../../core/data/provider';
import { FormBody } from '../../react/FormBody';
import { useRuntime, useT } from '../../react/context';
import { labelWidthOf } from '../form/label-width';
import { useRecordForm } from '../form/use-record-form';
import { getNodeComponent } from '../../react/bindings';

export interface RecordModalProps {
  mode: RecordMode;
  id?: string;
  idKey: string;
  provider: DataProvider;
  nodes: SchemaNode[];
  fields: FieldDefinition[];
  ui: ActionUi;
  width?: string | number;
  columns?: number;
  /** The module table: the detail view shows the record's approval timeline (server/flows). */
  table?: string;
  onClose(): void;
  onSaved(): void;
}

export function RecordModal(props: RecordModalProps) {
  const t = useT();
  const { lang } = useRuntime();
  const labelWidth = useMemo(() => labelWidthOf(props.fields, lang), [props.fields, lang]);
  const record = useRecordForm({
    provider: props.provider,
    mode: props.mode,
    id: props.id,
    idKey: props.idKey,
    fields: props.fields,
    ui: props.ui,
    onSaved: props.onSaved,
  });
  const footer = [
    <Button key="close" onClick={props.onClose}>
      {t('runtime.modal.close')}
    </Button>,
  ];
  if (!record.readOnly) {
    footer.push(
      <Button
        key="ok"
        type="primary"
        disabled={!record.form}
        onClick={() => void runAction('submit', { ui: props.ui, host: { submit: record.submit }, params: {} })}
      >
        {t('runtime.modal.ok')}
      </Button>,
    );
  }
  return (
    <Modal
      open
      title={t(recordAction(props.mode).titleKey)}
      width={props.width ?? '50%'}
      footer={footer}
      onCancel={props.onClose}
      maskClosable={false}
    >
      {record.loading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {record.failure && <Alert type="error" showIcon message={record.failure} />}
      {record.form && (
        <FormProvider form={record.form}>
          <FormLayout labelWidth={labelWidth} labelWrap>
            <FormBody nodes={props.nodes} mode={record.readOnly ? 'readPretty' : 'edit'} columns={props.columns} />
          </FormLayout>
        </FormProvider>
      )}
      {props.mode === 'detail' && props.table && props.id && <ApprovalTimeline table={props.table} id={props.id} />}
    </Modal>
  );
}

/**
 * The record's approval timeline (docs/workflow.md), rendered by the flows node's component
 * through the node bindings: the flows chunk is fetched on first use like any lazy node, and the
 * modal adds no import edge of its own (one would split shared antd modules into more chunks of
 * the first page, tests/build/first-page-size.test.ts).
 */
function ApprovalTimeline({ table, id }: { table: string; id: string }) {
  const Flows = getNodeComponent('flows');
  return Flows ? <Flows node={{ type: 'flows', props: { mode: 'timeline', table, id } }} /> : null;
}
