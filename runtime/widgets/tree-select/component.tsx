import { useEffect } from 'react';
import { TreeSelect } from 'antd';
import { connect, mapReadPretty, observer } from '@formily/react';
import { joinMulti, splitMulti } from '../../core/codecs/multi';
import { makeChoiceRead, type ChoiceProps } from '../../react/widget-helpers/choice';
import { useOptions, type Option } from '../../react/widget-helpers/use-options';
import { conductChecked, type CheckedStrategy } from './conduct';

type Props = ChoiceProps & {
  onChange?: (stored: unknown) => void;
  multiple?: boolean;
  treeCheckable?: boolean;
  maxLength?: number;
  [antd: string]: unknown;
};

const isMulti = (p: { multiple?: unknown; treeCheckable?: unknown }) => Boolean(p.multiple || p.treeCheckable);

// antd's tree data takes string | number values; boolean option values are not used in trees.
interface TreeNode {
  value: string | number;
  title: string;
  children?: TreeNode[];
}
const toTree = (options: Option[]): TreeNode[] =>
  options.map((o) => ({
    value: o.value as string | number,
    title: o.label,
    children: o.children && toTree(o.children),
  }));

/** Every node flattened, to map stored text back to the node's own value (numbers stay numbers). */
const flatten = (options: Option[]): Option[] => options.flatMap((o) => [o, ...flatten(o.children ?? [])]);

const TreeSelectEdit = observer(({ items, dictApi, value, onChange, maxLength: _m, ...props }: Props) => {
  const { options } = useOptions({ items, dictApi });
  const all = flatten(options);
  const find = (v: unknown) => all.find((o) => String(o.value) === String(v))?.value ?? v;
  const multi = isMulti(props);
  // A checkable tree (not checkStrictly) shows a conducted set; store that set, so what is shown
  // ticked is what 确定 saves even when nothing was clicked.
  const conducts = Boolean(props.treeCheckable) && !props.treeCheckStrictly;
  const strategy = (props.showCheckedStrategy as CheckedStrategy | undefined) ?? 'SHOW_CHILD';
  const stored = joinMulti(value);
  const conducted =
    conducts && options.length ? joinMulti(conductChecked(options, splitMulti(value), strategy)) : stored;
  useEffect(() => {
    if (conducted !== stored) onChange?.(conducted);
  }, [conducted, stored, onChange]);
  return (
    <TreeSelect
      allowClear
      treeNodeFilterProp="title"
      {...(props as object)}
      style={{ width: '100%' }}
      treeData={toTree(options)}
      value={
        multi
          ? splitMulti(value).map(find)
          : value === null || value === undefined || value === ''
            ? undefined
            : find(value)
      }
      onChange={(next: unknown) => onChange?.(multi ? joinMulti(next) : (next ?? null))}
    />
  );
});

export const TreeSelectWidget = connect(TreeSelectEdit, mapReadPretty(makeChoiceRead('tree-select')));
