/**
 * Read-only rendering of choice widgets (checkbox / radio / button groups, tree select, tag): the
 * option labels of the stored value(s), in the form's language, from static items or a dictionary.
 */
import { observer } from '@formily/react';
import type { DictApi } from '../../../protocol/page-schema';
import { splitMulti } from '../../core/codecs/multi';
import type { ResolvedItem } from '../../core/compiler/select-items';
import { ReadText } from './read-pretty';
import { labelOf, useOptions, type Option } from './use-options';

export interface ChoiceProps {
  items?: ResolvedItem[];
  dictApi?: DictApi;
  value?: unknown;
}

/** Stored values → the options' own values (numbers stay numbers); unknown ones kept as text. */
export const toOptionValues = (stored: unknown, options: Option[]) =>
  splitMulti(stored).map((v) => options.find((o) => String(o.value) === v)?.value ?? v);

/** The option whose value matches a stored single value (stored "3" finds option 3). */
export const toOptionValue = (stored: unknown, options: Option[]) =>
  stored === null || stored === undefined || stored === ''
    ? undefined
    : (options.find((o) => String(o.value) === String(stored))?.value ?? (stored as Option['value']));

export const choiceLabels = (stored: unknown, options: Option[], multi: boolean) =>
  (multi ? splitMulti(stored) : stored === null || stored === undefined || stored === '' ? [] : [stored]).map((v) =>
    labelOf(options, v),
  );

export function makeChoiceRead(multi: boolean | ((props: Record<string, unknown>) => boolean)) {
  return observer((props: ChoiceProps & Record<string, unknown>) => {
    const { options } = useOptions({ items: props.items, dictApi: props.dictApi });
    const isMulti = typeof multi === 'function' ? multi(props) : multi;
    return <ReadText text={choiceLabels(props.value, options, isMulti).join(', ')} />;
  });
}

/** Radio group edit (plain or button style): stores the chosen option's own value. */
export function makeRadioEdit(Radio: typeof import('antd').Radio, optionType: 'default' | 'button') {
  return observer(
    ({
      items,
      dictApi,
      value,
      onChange,
      disabled,
    }: ChoiceProps & { onChange?: (v: unknown) => void; disabled?: boolean }) => {
      const { options } = useOptions({ items, dictApi });
      return (
        <Radio.Group
          disabled={disabled}
          optionType={optionType}
          buttonStyle="solid"
          options={options.map((o) => ({ value: o.value as string, label: o.label }))}
          value={toOptionValue(value, options) ?? null}
          onChange={(e) => onChange?.(e.target.value ?? null)}
        />
      );
    },
  );
}
