import { connect, mapReadPretty } from '@formily/react';
import { makePicker } from '../../react/widget-helpers/pickers';

const { Edit, Read } = makePicker({ type: 'week', picker: 'week', format: 'YYYY-wo', unit: 'week' });

export const WeekWidget = connect(Edit, mapReadPretty(Read));
