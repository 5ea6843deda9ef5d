import { QR_MAX_TEXT_BYTES } from '../../core/qr/limits';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/**
 * QR code of the field's text (ai-and-widgets §9): 60 px, preview 300 px, level Q, the data
 * encrypted with the app's QR key before encoding (runtime/core/qr), download qrcode.png, a tooltip
 * with the raw data, 'format not supported' / 'empty data' states. Stored: the raw text.
 */
export const qrWidget = defineWidget({
  type: 'qr',
  palette: {
    title: { zh: '二维码', en: 'QR code' },
    icon: 'QrcodeOutlined',
    group: 'media',
    defaults: { type: 'qr', title: { zh: '二维码', en: 'QR code' } },
  },
  columnType: 'string',
  format: textFormat,
  searchRule: 'EQUAL',
  propsSchema: {
    type: 'object',
    properties: {
      size: { type: 'integer', minimum: 24, maximum: 300 },
      previewSize: { type: 'integer', minimum: 100, maximum: 1000 },
    },
    additionalProperties: false,
  },
  settings: [{ key: 'props.size', title: { zh: '尺寸', en: 'Size' }, type: 'number', props: { min: 24 } }],
});

defineFieldCompiler('qr', {
  adapt(schema, field) {
    (schema['x-component-props'] ??= {}).maxLength = field.maxLength ?? QR_MAX_TEXT_BYTES;
  },
});
