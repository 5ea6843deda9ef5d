/**
 * 预览: the form being designed as operators get it — add (empty, defaults and auto-numbers), edit
 * (a sample record), copy (the sample with fresh auto-numbers) and detail (read-only) — and the list
 * page over three sample rows, all rendered by the runtime itself from the document as it is now.
 */
import { useMemo, useState } from 'react';
import { Modal, Segmented, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { translate } from '../../protocol/messages';
import type { PageSchema, SchemaNode } from '../../protocol/page-schema';
import { applyAutoNumbers } from '../../runtime/core/auto-number';
import { valueFields } from '../../runtime/core/list/fields';
import { FormBody } from '../../runtime/react/FormBody';
import { PageRenderer } from '../../runtime/react/PageRenderer';
import { childrenOf, formScopeOf, nodeOf, ROOT_ID, sampleRecord, type DesignDocument, type JsonObject } from '../core';
import { useDesigner } from './context';

export type PreviewMode = 'add' | 'edit' | 'copy' | 'detail' | 'list';
const MODES: PreviewMode[] = ['add', 'edit', 'copy', 'detail', 'list'];

/** The list or form to preview: the one holding the selection, else the page's first. */
export function previewTarget(doc: DesignDocument, selection: string | undefined): JsonObject | undefined {
  const scope = selection ? formScopeOf(doc, selection) : ROOT_ID;
  const id =
    scope !== ROOT_ID
      ? scope
      : ((selection && Array.isArray(nodeOf(doc, selection)?.fields) ? selection : undefined) ??
        childrenOf(doc, ROOT_ID).find((child) => Array.isArray(nodeOf(doc, child)?.fields)));
  return id ? nodeOf(doc, id) : undefined;
}

function FormPreview({ node, mode }: { node: JsonObject; mode: Exclude<PreviewMode, 'list'> }) {
  const { lang } = useDesigner();
  const nodes = node.fields as SchemaNode[];
  const form = useMemo(() => {
    const fields = valueFields(nodes);
    const sample = sampleRecord(fields, lang);
    const initialValues =
      mode === 'add'
        ? applyAutoNumbers({}, fields, 'add')
        : mode === 'copy'
          ? applyAutoNumbers(Object.fromEntries(Object.entries(sample).filter(([key]) => key !== 'id')), fields, 'copy')
          : sample;
    return createForm({ initialValues, readPretty: mode === 'detail' });
  }, [nodes, mode, lang]);
  const modal = (node.modal ?? {}) as { columns?: number };
  const columns = (node.columns as number | undefined) ?? modal.columns ?? 2;
  return (
    <FormProvider form={form}>
      <FormBody nodes={nodes} mode={mode === 'detail' ? 'readPretty' : 'edit'} columns={columns} />
    </FormProvider>
  );
}

function ListPreview({ node }: { node: JsonObject }) {
  const { lang } = useDesigner();
  const schema = useMemo<PageSchema>(() => {
    const fields = valueFields(node.fields as SchemaNode[]);
    const rows = [0, 1, 2].map((n) => sampleRecord(fields, lang, n));
    // The list as designed over sample rows in memory: nothing is read from or written to the table.
    return {
      schemaVersion: 2,
      type: 'page',
      body: [{ ...node, dataSource: { kind: 'STATIC', data: rows } }],
    } as unknown as PageSchema;
  }, [node, lang]);
  return <PageRenderer schema={schema} />;
}

export function Preview(props: { onClose: () => void }) {
  const { state, lang } = useDesigner();
  const node = previewTarget(state.editor.doc, state.editor.selection ?? undefined);
  const isList = node?.type === 'list';
  const [mode, setMode] = useState<PreviewMode>('add');
  const t = (key: string) => translate(lang, `designerPreview.${key}`);
  return (
    <Modal open title={t('title')} width="80%" footer={null} onCancel={props.onClose} destroyOnClose>
      <Segmented
        value={mode}
        onChange={(value) => setMode(value as PreviewMode)}
        options={MODES.map((value) => ({ value, label: t(value), disabled: value === 'list' && !isList }))}
        style={{ marginBottom: 16 }}
        data-testid="preview-modes"
      />
      <Typography.Paragraph type="secondary">{t(`${mode}Hint`)}</Typography.Paragraph>
      <div className="tessera-designer-preview" data-testid="preview" data-mode={mode}>
        {!node ? (
          <Typography.Text type="secondary">{t('nothing')}</Typography.Text>
        ) : mode === 'list' ? (
          <ListPreview node={node} />
        ) : (
          <FormPreview key={mode} node={node} mode={mode} />
        )}
      </div>
    </Modal>
  );
}
