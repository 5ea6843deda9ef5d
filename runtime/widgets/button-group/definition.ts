import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** One choice among options as a row of buttons (the chosen one primary); stores the option value. */
export const buttonGroupWidget = defineWidget({
  type: 'button-group',
  columnType: 'string',
  searchRule: 'EQUAL',
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('button-group', optionsCompiler());
