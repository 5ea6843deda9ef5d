import { isField } from '@formily/core';
import { connect, mapReadPretty, useForm } from '@formily/react';
import { useMemo } from 'react';
import { getSlot } from '../../react/widget-helpers/slots';
import { ReadText } from '../../react/widget-helpers/read-pretty';

interface Props {
  name?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const makeSlot = (readOnly: boolean) =>
  function Slot({ name, value, onChange }: Props) {
    const Filled = getSlot(name);
    const form = useForm();
    const access = useMemo(
      () => ({
        valueOf: (key: string) => form.getValuesIn(key),
        validate: async (key: string) => {
          const field = form.query(key).take();
          if (!field || !isField(field)) return true;
          await field.validate().catch(() => undefined);
          return field.selfValid;
        },
      }),
      [form],
    );
    // An unknown name renders an empty cell: the schema cannot reach code the host did not register.
    return Filled ? (
      <Filled value={value} onChange={onChange} readOnly={readOnly} form={access} />
    ) : (
      <ReadText text="" />
    );
  };

export const SlotWidget = connect(makeSlot(false), mapReadPretty(makeSlot(true)));
