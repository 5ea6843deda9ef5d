import { Input, type InputProps } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { ReadValue } from '../../react/widget-helpers/read-pretty';
import { useStripIllegal, type StripIllegalProps } from '../../react/widget-helpers/strip-illegal';

type Props = InputProps & StripIllegalProps;

/** antd's Input, stripping illegal characters as typed when the compiler asks (building-blocks §5). */
function TextInput({ stripIllegalCharacters, ...props }: Props) {
  const { handlers, holder } = useStripIllegal<HTMLInputElement>(stripIllegalCharacters, props);
  return (
    <>
      {holder}
      <Input {...props} {...handlers} />
    </>
  );
}

/** Formily hands the change event to field.onInput, which reads e.target.value: stored as typed. */
export const InputWidget = connect(TextInput, mapReadPretty(ReadValue));
