import { useReducer, useRef } from 'react';
import { Select, type SelectProps } from 'antd';
import { connect, mapReadPretty, observer } from '@formily/react';
import type { DictApi } from '../../../protocol/page-schema';
import { joinMulti, splitMulti } from '../../core/codecs/multi';
import type { ResolvedItem } from '../../core/compiler/select-items';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { labelOf, useOptions, type Option } from '../../react/widget-helpers/use-options';

type Props = Omit<SelectProps, 'value' | 'onChange'> & {
  items?: ResolvedItem[];
  dictApi?: DictApi;
  value?: unknown;
  onChange?: (stored: unknown) => void;
};

const isMulti = (mode: Props['mode']) => mode === 'multiple' || mode === 'tags';

/** Stored "1,2" → the options' own values (numbers stay numbers), unknown ones as text. */
const toEditValues = (stored: unknown, options: Option[]) =>
  splitMulti(stored).map((v) => options.find((o) => String(o.value) === v)?.value ?? v);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

const SelectEdit = observer(({ items, dictApi, value, onChange, mode, showSearch, onOpenChange, ...props }: Props) => {
  // What the select shows of its options: none while closed without a value, so a new answer
  // (a linkage parent's keystroke reloads every dependent) waits for the next render, which
  // opening it brings (issue 23). Refs: the loader asks after the render, from its own callback.
  const open = useRef(false);
  const filled = useRef(false);
  filled.current = !isEmpty(value);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const {
    options,
    loading,
    search,
    dictApi: followed,
  } = useOptions({
    items,
    dictApi,
    optionsShown: () => open.current || filled.current,
  });
  const remote = Boolean(showSearch && followed?.kwKey);
  return (
    <Select
      allowClear
      {...props}
      mode={mode}
      showSearch={showSearch}
      loading={loading}
      options={options as SelectProps['options']}
      value={isMulti(mode) ? toEditValues(value, options) : ((value ?? undefined) as SelectProps['value'])}
      filterOption={
        remote
          ? false
          : (input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
      }
      onSearch={remote ? search : undefined}
      onOpenChange={(next) => {
        open.current = next;
        // Opening shows the options: render with the latest answer the loader holds.
        if (next) rerender();
        onOpenChange?.(next);
      }}
      onChange={(next: unknown) => onChange?.(isMulti(mode) ? joinMulti(next) : (next ?? null))}
    />
  );
});

const SelectRead = observer(({ items, dictApi, value, mode }: Props) => {
  const { options } = useOptions({ items, dictApi });
  const values = isMulti(mode)
    ? splitMulti(value)
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  return <ReadText text={values.map((v) => labelOf(options, v)).join(', ')} />;
});

export const SelectWidget = connect(SelectEdit, mapReadPretty(SelectRead));
