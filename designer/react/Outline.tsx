/** The outline tree of the page: every node with its title, the selection kept in step with the canvas. */
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type Key,
} from 'react';
import { Tree, type GetRef } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { outline, type NodeIssue, type OutlineItem } from '../core';
import { createStore, type ExternalStore } from './canvas-store';
import { useDesigner } from './context';

/** What one row shows; the same object while its text is the same. */
interface Label {
  title: string;
  suffix: string;
}
interface Labels {
  byId: ReadonlyMap<string, Label>;
  invalid: ReadonlyMap<string, NodeIssue[]>;
}

function toTree(item: OutlineItem, labels: ExternalStore<Labels>): DataNode {
  return {
    key: item.id,
    title: <OutlineLabel id={item.id} labels={labels} />,
    children: item.children.map((child) => toTree(child, labels)),
  };
}

/** The page's shape: ids and nesting, not titles (a renamed node keeps the tree's data). */
function shapeOf(item: OutlineItem): string {
  return `${item.id}(${item.children.map(shapeOf).join(',')})`;
}

/** Each node's row text, keeping the previous object where the text did not change. */
function labelsOf(root: OutlineItem, previous: ReadonlyMap<string, Label>): Map<string, Label> {
  const byId = new Map<string, Label>();
  const stack = [root];
  while (stack.length) {
    const item = stack.pop()!;
    const suffix = item.kind === 'field' && item.key ? ` · ${item.key}` : '';
    const before = previous.get(item.id);
    byId.set(
      item.id,
      before && before.title === item.title && before.suffix === suffix ? before : { title: item.title, suffix },
    );
    stack.push(...item.children);
  }
  return byId;
}

/**
 * One row's text, read from the labels store: typing a title re-renders this row only, while the
 * tree's data (and so antd's Tree, which renders every row again on new data) stays the same.
 */
function OutlineLabel({ id, labels }: { id: string; labels: ExternalStore<Labels> }) {
  const label = useSyncExternalStore(labels.subscribe, () => labels.get().byId.get(id));
  const invalid = useSyncExternalStore(labels.subscribe, () => labels.get().invalid.has(id));
  return (
    <span className={invalid ? 'tessera-designer-outline-invalid' : undefined}>
      {label?.title}
      <span className="tessera-designer-outline-key">{label?.suffix}</span>
    </span>
  );
}

/**
 * Of the deferred document, selection and issues: a keystroke or a click reaches the canvas first,
 * the tree of every node follows when the browser has time (React renders it interruptibly). The
 * tree's data changes only with the page's shape; titles and issue marks go to their rows through
 * a store (bench/designer-browser.bench.ts: a title keystroke re-rendered all 300 rows).
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
  const root = useMemo(() => outline(doc, lang), [doc, lang]);
  const [labels] = useState(() => createStore<Labels>({ byId: labelsOf(root, new Map()), invalid: issues }));
  // Before paint, so a row never shows an old title next to the new tree.
  useLayoutEffect(() => {
    const current = labels.get();
    const byId = labelsOf(root, current.byId);
    const same = byId.size === current.byId.size && [...byId].every(([id, label]) => current.byId.get(id) === label);
    if (!same || current.invalid !== issues) labels.set({ byId: same ? current.byId : byId, invalid: issues });
  }, [labels, root, issues]);
  const shape = shapeOf(root);
  const built = useRef<{ shape: string; data: DataNode[] }>(undefined);
  if (built.current?.shape !== shape) built.current = { shape, data: [toTree(root, labels)] };
  const { data } = built.current;
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

/**
 * The outline's height: past it, the tree scrolls and renders only the rows in view (antd's virtual
 * Tree). All 300 rows of a large page with their connecting lines made every hit test on the page —
 * each pointer move, hover and drag step — cost ~8 ms instead of ~1 ms (issue 14, measured).
 */
export const OUTLINE_HEIGHT = 420;

const OutlineTree = memo(function OutlineTree(props: {
  data: DataNode[];
  keys: string[];
  selection: string | null;
  onSelect: (selected: Key[]) => void;
}) {
  const { data, keys, selection, onSelect } = props;
  const tree = useRef<GetRef<typeof Tree>>(null);
  // A node selected on the canvas is brought into the outline's view.
  useEffect(() => {
    if (selection) tree.current?.scrollTo({ key: selection, align: 'auto' });
  }, [selection]);
  return (
    <Tree
      ref={tree}
      className="tessera-designer-outline"
      blockNode
      showLine
      height={OUTLINE_HEIGHT}
      treeData={data}
      expandedKeys={keys}
      selectedKeys={selection ? [selection] : []}
      onSelect={onSelect}
    />
  );
});
