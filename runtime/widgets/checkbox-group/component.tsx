import { Checkbox } from 'antd';
import { connect, mapReadPretty, observer } from '@formily/react';
import { joinMulti } from '../../core/codecs/multi';
import { makeChoiceRead, toOptionValues, type ChoiceProps } from '../../react/widget-helpers/choice';
import { useOptions } from '../../react/widget-helpers/use-options';

type Props = ChoiceProps & { onChange?: (stored: string | null) => void; disabled?: boolean };

const CheckboxGroupEdit = observer(({ items, dictApi, value, onChange, disabled }: Props) => {
  const { options } = useOptions({ items, dictApi });
  return (
    <Checkbox.Group
      disabled={disabled}
      options={options.map((o) => ({ value: o.value as string, label: o.label }))}
      value={toOptionValues(value, options) as string[]}
      onChange={(next) => onChange?.(joinMulti(next))}
    />
  );
});

export const CheckboxGroupWidget = connect(CheckboxGroupEdit, mapReadPretty(makeChoiceRead('checkbox-group')));
