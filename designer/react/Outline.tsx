/** The outline tree of the page: every node with its title, the selection kept in step with the canvas. */
import { useMemo } from 'react';
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

export function Outline() {
  const { state, dispatch, issues, lang } = useDesigner();
  const { doc, selection } = state.editor;
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
  return (
    <Tree
      className="tessera-designer-outline"
      blockNode
      showLine
      treeData={data}
      expandedKeys={keys}
      selectedKeys={selection ? [selection] : []}
      onSelect={(selected) => dispatch({ type: 'select', id: selected.length ? String(selected[0]) : null })}
    />
  );
}
