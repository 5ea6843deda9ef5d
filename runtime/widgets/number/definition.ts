import { numberCodec } from '../../core/codecs/number';
import { defineWidget } from '../../core/registry';
import { numberFormat } from '../../core/format';

/** Spec default maximum (ai-and-widgets §5); min comes from the field's props. */
export const NUMBER_MAX = 1e11;

export const numberWidget = defineWidget({
  type: 'number',
  palette: {
    title: { zh: '数字', en: 'Number' },
    icon: 'NumberOutlined',
    group: 'input',
    defaults: { type: 'number', title: { zh: '数字', en: 'Number' } },
  },
  columnType: 'double',
  format: numberFormat,
  searchRule: 'EQUAL',
  codec: numberCodec,
  propsSchema: {
    type: 'object',
    properties: {
      min: { type: 'number' },
      max: { type: 'number', maximum: NUMBER_MAX },
      precision: { type: 'integer', minimum: 0, maximum: 10 },
      step: { type: 'number', exclusiveMinimum: 0 },
      prefix: { type: 'string', maxLength: 20 },
      addonAfter: { type: 'string', maxLength: 20 },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.min', title: { zh: '最小值', en: 'Minimum' }, type: 'number' },
    { key: 'props.max', title: { zh: '最大值', en: 'Maximum' }, type: 'number' },
    {
      key: 'props.precision',
      title: { zh: '小数位数', en: 'Decimal places' },
      type: 'number',
      props: { min: 0, max: 10 },
    },
  ],
});
