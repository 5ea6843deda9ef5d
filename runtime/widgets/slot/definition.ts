import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/**
 * A place in the form filled by a component the host app registered under props.name (see
 * runtime/react/widget-helpers/slots.ts). It may keep a value (stored as text, e.g. JSON).
 */
export const slotWidget = defineWidget({
  type: 'slot',
  palette: {
    title: { zh: '插槽', en: 'Slot' },
    icon: 'BlockOutlined',
    group: 'advanced',
    defaults: { type: 'slot', title: { zh: '插槽', en: 'Slot' }, props: { name: 'mySlot' } },
  },
  columnType: 'text',
  format: textFormat,
  propsSchema: {
    type: 'object',
    properties: { name: { type: 'string', pattern: '^[A-Za-z][\\w.-]*$', maxLength: 64 } },
    required: ['name'],
    additionalProperties: false,
  },
  settings: [{ key: 'props.name', title: { zh: '插槽名称', en: 'Slot name' }, type: 'input', required: true }],
});
