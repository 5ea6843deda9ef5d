import { Input } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { ReadValue } from '../../react/widget-helpers/read-pretty';

/** Formily hands antd's change event to field.onInput, which reads e.target.value: stored as typed. */
export const InputWidget = connect(Input, mapReadPretty(ReadValue));
