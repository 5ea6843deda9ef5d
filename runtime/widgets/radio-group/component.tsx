import { Radio } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { makeChoiceRead, makeRadioEdit } from '../../react/widget-helpers/choice';

export const RadioGroupWidget = connect(makeRadioEdit(Radio, 'default'), mapReadPretty(makeChoiceRead('radio-group')));
