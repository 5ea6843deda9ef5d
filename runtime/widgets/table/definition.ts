import { rowsCodec } from '../../core/codecs/json-rows';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { textOf, type Text } from '../../../protocol/page-schema';
import { rowsFormat } from '../../core/format';

/**
 * Editable sub-table inside a form: add, remove and reorder rows; each column edits one key of the
 * row (text, number or a choice). The value is an array of row objects stored as JSON text (a
 * `text` column), e.g. '[{"item":"螺丝","qty":2}]'.
 */
export const tableWidget = defineWidget({
  type: 'table',
  palette: {
    title: { zh: '子表格', en: 'Sub-table' },
    icon: 'TableOutlined',
    group: 'data',
    defaults: {
      type: 'table',
      title: { zh: '子表格', en: 'Sub-table' },
      props: { columns: [{ key: 'item', title: { zh: '名称', en: 'Name' } }] },
    },
  },
  columnType: 'text',
  format: rowsFormat,
  codec: rowsCodec as ValueCodec,
  propsSchema: {
    type: 'object',
    properties: {
      columns: {
        type: 'array',
        minItems: 1,
        maxItems: 30,
        items: {
          type: 'object',
          required: ['key', 'title'],
          properties: {
            key: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
            title: {
              anyOf: [
                { type: 'string' },
                { type: 'object', properties: { zh: { type: 'string' }, en: { type: 'string' } }, required: ['zh'] },
              ],
            },
            type: { enum: ['input', 'number', 'select'] },
            width: { type: 'integer', minimum: 40, maximum: 1000 },
            options: {
              type: 'array',
              items: {
                type: 'object',
                required: ['value'],
                properties: { value: { type: ['string', 'number'] }, label: { type: 'string' } },
                additionalProperties: false,
              },
            },
          },
          additionalProperties: false,
        },
      },
      maxRows: { type: 'integer', minimum: 1, maximum: 500 },
    },
    required: ['columns'],
    additionalProperties: false,
  },
  settings: [{ key: 'props.maxRows', title: { zh: '最多行数', en: 'Max rows' }, type: 'number', props: { min: 1 } }],
});

// Column titles reach the component in the form's language.
defineFieldCompiler('table', {
  adapt(schema, _field, ctx) {
    const props = (schema['x-component-props'] ??= {}) as { columns?: { title: Text }[] };
    if (Array.isArray(props.columns))
      props.columns = props.columns.map((column) => ({ ...column, title: textOf(column.title, ctx.lang) }));
  },
});
