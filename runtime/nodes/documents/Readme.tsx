/**
 * The doc/readme page: the app's readme, read-only, for every signed-in user, with the documents
 * the admins marked public as a tree beside it (docs/documents.md "Readme"). The server answers
 * sanitized HTML; MarkdownView sanitizes it again and loads our images with the session.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card, Col, Empty, Result, Row, Tree, Typography } from 'antd';
import { useRuntime, useT } from '../../react/context';
import { documentsApi, type DocumentEntry, type DocumentView } from './api';
import { MarkdownView } from './MarkdownView';
import { buildTree, type DocumentTreeNode } from './tree';

export function Readme() {
  const { request } = useRuntime();
  const t = useT();
  const api = useMemo(() => documentsApi(request), [request]);
  const [tree, setTree] = useState<DocumentEntry[]>();
  const [doc, setDoc] = useState<DocumentView | null>();
  const [error, setError] = useState<string>();
  const fail = useCallback((e: unknown) => setError(e instanceof Error ? e.message : String(e)), []);

  useEffect(() => {
    api.readme().then((answer) => {
      setTree(answer.tree);
      setDoc(answer.readme);
    }, fail);
  }, [api, fail]);
  const open = (id: string) => api.read(id).then(setDoc, fail);
  const treeData = useMemo(() => buildTree(tree ?? []), [tree]);

  if (error) return <Result status="warning" title={error} />;
  if (tree === undefined) return <div aria-busy className="tessera-lazy-pending" style={{ minHeight: 32 }} />;
  const page = doc ? (
    <Card size="small" title={doc.title} data-testid="readme-doc">
      {doc.update_at ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('documents.updated', { user: doc.update_by_name ?? '-', time: new Date(doc.update_at).toLocaleString() })}
        </Typography.Text>
      ) : null}
      <MarkdownView html={doc.html} request={request} testId="readme-body" />
    </Card>
  ) : (
    <Card size="small" title={t('documents.readmeTag')}>
      <Empty description={t('documents.noReadme')} />
    </Card>
  );
  if (!tree.length) return <div className="tessera-readme">{page}</div>;
  return (
    <Row gutter={16} className="tessera-readme">
      <Col xs={24} md={6}>
        <Card size="small" title={t('documents.tree')}>
          <Tree<DocumentTreeNode>
            blockNode
            defaultExpandAll
            treeData={treeData}
            selectedKeys={doc ? [doc.id] : []}
            onSelect={(keys) => keys[0] && void open(String(keys[0]))}
          />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        {page}
      </Col>
    </Row>
  );
}
