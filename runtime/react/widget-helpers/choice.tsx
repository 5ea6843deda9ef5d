/**
 * Read-only rendering of choice widgets (checkbox / radio / button groups, tree select, tag): the
 * option labels of the stored value(s), in the form's language, from static items or a dictionary.
 */
import { observer } from '@formily/react';
import type { DictApi } from '../../../protocol/page-schema';
import { splitMulti } from '../../core/codecs/multi';
import { labelMapOf, type LabelSource } from '../../core/format';
import { useRuntime } from '../context';
import { FormattedRead } from './formatted-read';
import type { ResolvedItem } from '../../core/compiler/select-items';
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

/**
 * The read-only view of choice widget `type`: its own value format (runtime/core/format, declared
 * in the widget's definition) over the loaded options' labels, so detail, read-only form, table
 * cell and export cell are one rule.
 */
export function makeChoiceRead(type: string) {
  return observer((props: ChoiceProps & Record<string, unknown>) => {
    const { lang } = useRuntime();
    const { options } = useOptions({ items: props.items, dictApi: props.dictApi });
    const labels = labelMapOf(undefined, lang, options as unknown as LabelSource[]);
    return <FormattedRead type={type} value={props.value} props={props} labels={labels} />;
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
