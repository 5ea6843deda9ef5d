import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/** An icon of @ant-design/icons chosen in a picker dialog; stored as its name ("HomeOutlined"). */
export const iconWidget = defineWidget({
  type: 'icon',
  palette: {
    title: { zh: '图标', en: 'Icon' },
    icon: 'SmileOutlined',
    group: 'advanced',
    defaults: { type: 'icon', title: { zh: '图标', en: 'Icon' } },
  },
  columnType: 'string',
  format: textFormat,
  searchRule: 'EQUAL',
  propsSchema: { type: 'object', properties: {}, additionalProperties: false },
  settings: [],
});
