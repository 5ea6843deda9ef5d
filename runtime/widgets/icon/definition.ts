import { defineWidget } from '../../core/registry';

/** An icon of @ant-design/icons chosen in a picker dialog; stored as its name ("HomeOutlined"). */
export const iconWidget = defineWidget({
  type: 'icon',
  columnType: 'string',
  searchRule: 'EQUAL',
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});
