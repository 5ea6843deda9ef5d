import { connect, mapReadPretty } from '@formily/react';
import { makeRangePicker } from '../../react/widget-helpers/pickers';

const { Edit, Read } = makeRangePicker({ type: 'timestamp-range', showTime: true, format: 'YYYY-MM-DD HH:mm:ss' });

export const TimestampRangeWidget = connect(Edit, mapReadPretty(Read));
