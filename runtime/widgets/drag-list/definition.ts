import { multiCodec } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

/**
 * Drag list: the user orders the options by dragging (or with up / down buttons, for keyboards);
 * stored as the option values comma-joined in the chosen order. Options missing from a stored order
 * are appended, values no longer among the options are dropped.
 */
export const dragListWidget = defineWidget({
  type: 'drag-list',
  palette: {
    title: { zh: '拖拽排序', en: 'Drag list' },
    icon: 'DragOutlined',
    group: 'choice',
    defaults: {
      type: 'drag-list',
      title: { zh: '拖拽排序', en: 'Drag list' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: true }),
  codec: multiCodec,
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});

defineFieldCompiler('drag-list', optionsCompiler());
