import { connect, mapReadPretty } from '@formily/react';
import { makeButtonGroup } from '../../react/widget-helpers/button-group';
import { makeChoiceRead } from '../../react/widget-helpers/choice';

export const ButtonGroupWidget = connect(makeButtonGroup(false), mapReadPretty(makeChoiceRead('button-group')));
