import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** One choice among options, as a radio button bar; stores the option value. */
export const radioButtonWidget = defineWidget({
  type: 'radio-button',
  columnType: 'string',
  searchRule: 'EQUAL',
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('radio-button', optionsCompiler());
