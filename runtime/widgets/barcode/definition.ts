import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/**
 * Bar code of the field's text (ai-and-widgets §9): CODE128, bar width 2, height 60, a preview
 * modal with download barcode.png. Text CODE128 cannot encode (non-ASCII) shows 'format not
 * supported'. Stored: the raw text.
 */
export const barcodeWidget = defineWidget({
  type: 'barcode',
  palette: {
    title: { zh: '条形码', en: 'Bar code' },
    icon: 'BarcodeOutlined',
    group: 'media',
    defaults: { type: 'barcode', title: { zh: '条形码', en: 'Bar code' } },
  },
  columnType: 'string',
  format: textFormat,
  searchRule: 'EQUAL',
  propsSchema: {
    type: 'object',
    properties: {
      width: { type: 'number', minimum: 1, maximum: 6 },
      height: { type: 'integer', minimum: 20, maximum: 300 },
      displayValue: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.width', title: { zh: '线宽', en: 'Bar width' }, type: 'number', props: { min: 1 } },
    { key: 'props.height', title: { zh: '高度', en: 'Height' }, type: 'number', props: { min: 20 } },
  ],
});
