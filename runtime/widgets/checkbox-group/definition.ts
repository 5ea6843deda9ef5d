import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** Several ticks among options; stored comma-joined (ai-and-widgets §3). */
export const checkboxGroupWidget = defineWidget({
  type: 'checkbox-group',
  columnType: 'string',
  searchRule: 'INCLUDE_OR',
  codec: multiCodec,
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('checkbox-group', optionsCompiler());
