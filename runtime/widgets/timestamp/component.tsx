import { connect, mapReadPretty } from '@formily/react';
import { makePicker } from '../../react/widget-helpers/pickers';

const { Edit, Read } = makePicker({ type: 'timestamp', showTime: true, format: 'YYYY-MM-DD HH:mm:ss' });

export const TimestampWidget = connect(Edit, mapReadPretty(Read));
