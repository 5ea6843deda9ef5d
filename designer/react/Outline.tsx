/** The outline tree of the page: every node with its title, the selection kept in step with the canvas. */
import { memo, useCallback, useDeferredValue, useMemo, type Key } from 'react';
import { Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { outline, type OutlineItem } from '../core';
import { useDesigner } from './context';

function toTree(item: OutlineItem, invalid: ReadonlyMap<string, unknown>): DataNode {
  const suffix = item.kind === 'field' && item.key ? ` · ${item.key}` : '';
  return {
    key: item.id,
    title: (
      <span className={invalid.has(item.id) ? 'tessera-designer-outline-invalid' : undefined}>
        {item.title}
        <span className="tessera-designer-outline-key">{suffix}</span>
      </span>
    ),
    children: item.children.map((child) => toTree(child, invalid)),
  };
}

/**
 * Of the deferred document, selection and issues: a keystroke or a click reaches the canvas first,
 * the tree of every node follows when the browser has time (React renders it interruptibly).
 */
export function Outline() {
  const { state, dispatch, issues: shownIssues, lang } = useDesigner();
  const doc = useDeferredValue(state.editor.doc);
  const selection = useDeferredValue(state.editor.selection);
  const issues = useDeferredValue(shownIssues);
  const onSelect = useCallback(
    (selected: Key[]) => dispatch({ type: 'select', id: selected.length ? String(selected[0]) : null }),
    [dispatch],
  );
  const data = useMemo(() => [toTree(outline(doc, lang), issues)], [doc, lang, issues]);
  const keys = useMemo(() => {
    const all: string[] = [];
    const walk = (node: DataNode) => {
      all.push(String(node.key));
      node.children?.forEach(walk);
    };
    data.forEach(walk);
    return all;
  }, [data]);
  return <OutlineTree data={data} keys={keys} selection={selection} onSelect={onSelect} />;
}

const OutlineTree = memo(function OutlineTree(props: {
  data: DataNode[];
  keys: string[];
  selection: string | null;
  onSelect: (selected: Key[]) => void;
}) {
  const { data, keys, selection, onSelect } = props;
  return (
    <Tree
      className="tessera-designer-outline"
      blockNode
      showLine
      treeData={data}
      expandedKeys={keys}
      selectedKeys={selection ? [selection] : []}
      onSelect={onSelect}
    />
  );
});
