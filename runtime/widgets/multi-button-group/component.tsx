import { connect, mapReadPretty } from '@formily/react';
import { makeButtonGroup } from '../../react/widget-helpers/button-group';
import { makeChoiceRead } from '../../react/widget-helpers/choice';

export const MultiButtonGroupWidget = connect(
  makeButtonGroup(true),
  mapReadPretty(makeChoiceRead('multi-button-group')),
);
