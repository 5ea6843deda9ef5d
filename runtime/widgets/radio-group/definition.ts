import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** One choice among options, as radios; stores the option value. */
export const radioGroupWidget = defineWidget({
  type: 'radio-group',
  columnType: 'string',
  searchRule: 'EQUAL',
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('radio-group', optionsCompiler());
