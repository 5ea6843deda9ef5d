import { connect, mapReadPretty } from '@formily/react';
import { makeRangePicker } from '../../react/widget-helpers/pickers';

const { Edit, Read } = makeRangePicker({ type: 'range', format: 'YYYY-MM-DD', unit: 'day' });

export const RangeWidget = connect(Edit, mapReadPretty(Read));
