/**
 * The form node: FormBody inside its own Formily form, 提交 (and 重置) unless read-only. After a
 * successful add the form starts over empty, ready for the next record; after an edit it stays.
 * With `submit` the button and the call are the schema's (./submit-target.ts).
 */
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { textOf } from '../../../protocol/page-schema';
import { runAction } from '../../actions/define';
import '../../actions/submit';
import { recordModeOf } from '../../actions/types';
import { valueFields } from '../../core/list/fields';
import { FormBody } from '../../react/FormBody';
import { useRuntime, useT } from '../../react/context';
import { useActionUi } from './action-ui';
import type { FormNodeSchema } from './definition';
import { labelWidthOf } from './label-width';
import { useRecordForm } from './use-record-form';
import { withUser } from './submit-target';
import type { DataSourceConfig } from '../../core/data/provider';

/** A form that only sends to its own URL still needs a provider for the record hooks: an empty one. */
const NO_SOURCE: DataSourceConfig = { kind: 'STATIC', data: [] };

export function FormNode({ node, recordId }: { node: FormNodeSchema; recordId?: string }) {
  const runtime = useRuntime();
  const t = useT();
  const [ui, holder] = useActionUi();
  const [session, setSession] = useState(0);
  const mode = recordModeOf(node.mode ?? 'add') ?? 'add';
  const sourceKey = JSON.stringify(node.dataSource);
  // On the factory, not the whole runtime: a language switch (a new runtime, same providers) must
  // not reload the record and lose what the user typed.
  const providerFor = runtime.providerFor;
  const provider = useMemo(
    () => providerFor(node.dataSource ?? NO_SOURCE),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sourceKey stands for node.dataSource
    [providerFor, sourceKey],
  );
  const fields = useMemo(() => valueFields(node.fields), [node.fields]);
  const labelWidth = useMemo(() => labelWidthOf(fields, runtime.lang), [fields, runtime.lang]);
  const userId = runtime.user?.id;
  // A record pinned to the signed-in user is theirs whatever the address says (?id= cannot retarget it).
  const pinned = node.recordId?.includes('{user.id}');
  const record = useRecordForm({
    provider,
    mode,
    id: pinned ? withUser(node.recordId!, userId) : (recordId ?? node.recordId),
    idKey: node.idKey ?? node.dataSource?.idKey ?? 'id',
    fields,
    ui,
    session,
    onSaved: (outcome) => outcome === 'created' && setSession((s) => s + 1),
    sendTo: node.submit && {
      submit: node.submit,
      request: runtime.request,
      userId,
      onSent: () => node.submit?.reset && setSession((s) => s + 1),
    },
  });
  const title = textOf(node.title, runtime.lang);

  return (
    <Card
      className="tessera-form"
      title={title || undefined}
      data-node-key={node.key}
      variant={node.bordered === false ? 'borderless' : undefined}
    >
      {holder}
      {record.loading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {record.failure && <Alert type="error" showIcon message={record.failure} />}
      {record.form && (
        <form
          style={node.maxWidth ? { maxWidth: node.maxWidth } : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            // 提交 is the registered submit action (runtime/actions/submit.ts), run like any other.
            void runAction('submit', { ui, host: { submit: record.submit }, params: {} });
          }}
        >
          <FormProvider form={record.form}>
            <FormLayout labelWidth={labelWidth} labelWrap>
              <FormBody nodes={node.fields} mode={record.readOnly ? 'readPretty' : 'edit'} columns={node.columns} />
            </FormLayout>
          </FormProvider>
          {!record.readOnly && (
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              {node.showReset !== false && (
                <Button onClick={() => void record.form?.reset()}>{t('runtime.form.reset')}</Button>
              )}
              <Button type="primary" htmlType="submit">
                {node.submit?.label !== undefined ? textOf(node.submit.label, runtime.lang) : t('runtime.form.submit')}
              </Button>
            </Space>
          )}
        </form>
      )}
    </Card>
  );
}
