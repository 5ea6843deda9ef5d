import { connect, mapReadPretty } from '@formily/react';
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
    // An unknown name renders an empty cell: the schema cannot reach code the host did not register.
    return Filled ? <Filled value={value} onChange={onChange} readOnly={readOnly} /> : <ReadText text="" />;
  };

export const SlotWidget = connect(makeSlot(false), mapReadPretty(makeSlot(true)));
