import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/** Several choices as toggle buttons; stored comma-joined (ai-and-widgets §3). */
export const multiButtonGroupWidget = defineWidget({
  type: 'multi-button-group',
  columnType: 'string',
  searchRule: 'INCLUDE_OR',
  codec: multiCodec,
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('multi-button-group', optionsCompiler());
