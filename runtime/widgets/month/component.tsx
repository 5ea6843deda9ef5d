import { connect, mapReadPretty } from '@formily/react';
import { makePicker } from '../../react/widget-helpers/pickers';

const { Edit, Read } = makePicker({ type: 'month', picker: 'month', format: 'YYYY-MM', unit: 'month' });

export const MonthWidget = connect(Edit, mapReadPretty(Read));
