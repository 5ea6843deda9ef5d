/**
 * Button-group choices (button-group: one, multi-button-group: several, comma-joined). Chosen
 * buttons are primary and aria-pressed, so the state is visible and accessible.
 */
import { Button, Space } from 'antd';
import { observer } from '@formily/react';
import { joinMulti } from '../../core/codecs/multi';
import { toOptionValue, toOptionValues, type ChoiceProps } from './choice';
import { useOptions } from './use-options';

type Props = ChoiceProps & { onChange?: (stored: unknown) => void; disabled?: boolean };

export function makeButtonGroup(multi: boolean) {
  return observer(({ items, dictApi, value, onChange, disabled }: Props) => {
    const { options } = useOptions({ items, dictApi });
    const chosen = multi ? toOptionValues(value, options) : [toOptionValue(value, options)];
    const toggle = (v: unknown) => {
      if (!multi) return onChange?.(chosen[0] === v ? null : v);
      const next = chosen.includes(v as never) ? chosen.filter((c) => c !== v) : [...chosen, v];
      // Stored in option order, whatever the click order.
      onChange?.(joinMulti(options.map((o) => o.value).filter((o) => next.includes(o))));
    };
    return (
      <Space wrap size={8} className="tessera-button-group">
        {options.map((o) => {
          const on = chosen.includes(o.value);
          return (
            <Button
              key={String(o.value)}
              type={on ? 'primary' : 'default'}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => toggle(o.value)}
            >
              {o.label}
            </Button>
          );
        })}
      </Space>
    );
  });
}
