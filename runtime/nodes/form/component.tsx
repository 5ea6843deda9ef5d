/**
 * The form node: FormBody inside its own Formily form, 提交 (and 重置) unless read-only. After a
 * successful add the form starts over empty, ready for the next record; after an edit it stays.
 */
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { textOf } from '../../../protocol/page-schema';
import { recordModeOf } from '../../actions/types';
import { valueFields } from '../../core/list/fields';
import { FormBody } from '../../react/FormBody';
import { useRuntime, useT } from '../../react/context';
import { useActionUi } from './action-ui';
import type { FormNodeSchema } from './definition';
import { labelWidthOf } from './label-width';
import { useRecordForm } from './use-record-form';

export function FormNode({ node, recordId }: { node: FormNodeSchema; recordId?: string }) {
  const runtime = useRuntime();
  const t = useT();
  const [ui, holder] = useActionUi();
  const [session, setSession] = useState(0);
  const mode = recordModeOf(node.mode ?? 'add') ?? 'add';
  const sourceKey = JSON.stringify(node.dataSource);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- sourceKey stands for node.dataSource
  const provider = useMemo(() => runtime.providerFor(node.dataSource), [runtime, sourceKey]);
  const fields = useMemo(() => valueFields(node.fields), [node.fields]);
  const labelWidth = useMemo(() => labelWidthOf(fields, runtime.lang), [fields, runtime.lang]);
  const record = useRecordForm({
    provider,
    mode,
    id: recordId ?? node.recordId,
    idKey: node.idKey ?? node.dataSource.idKey ?? 'id',
    fields,
    ui,
    session,
    onSaved: (outcome) => outcome === 'created' && setSession((s) => s + 1),
  });
  const title = textOf(node.title, runtime.lang);

  return (
    <Card className="tessera-form" title={title || undefined} data-node-key={node.key}>
      {holder}
      {record.loading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {record.failure && <Alert type="error" showIcon message={record.failure} />}
      {record.form && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void record.submit();
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
                {t('runtime.form.submit')}
              </Button>
            </Space>
          )}
        </form>
      )}
    </Card>
  );
}
