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

const SelectEdit = observer(({ items, dictApi, value, onChange, mode, showSearch, ...props }: Props) => {
  const { options, loading, search } = useOptions({ items, dictApi });
  const remote = Boolean(showSearch && dictApi?.kwKey);
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
