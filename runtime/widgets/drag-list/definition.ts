import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';

/**
 * Drag list: the user orders the options by dragging (or with up / down buttons, for keyboards);
 * stored as the option values comma-joined in the chosen order. Options missing from a stored order
 * are appended, values no longer among the options are dropped.
 */
export const dragListWidget = defineWidget({
  type: 'drag-list',
  columnType: 'string',
  codec: multiCodec,
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('drag-list', optionsCompiler());
