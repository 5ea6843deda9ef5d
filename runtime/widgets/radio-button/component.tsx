import { Radio } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { makeChoiceRead, makeRadioEdit } from '../../react/widget-helpers/choice';

export const RadioButtonWidget = connect(makeRadioEdit(Radio, 'button'), mapReadPretty(makeChoiceRead('radio-button')));
