import { defineWidget } from '../../core/registry';

/**
 * A button shown among the fields (no value, no column): a label, a style and optionally a link
 * (http(s) or site-relative only, opened in a new tab). Behaviour beyond a link belongs to actions.
 */
export const buttonWidget = defineWidget({
  type: 'button',
  palette: {
    title: { zh: '按钮', en: 'Button' },
    icon: 'BorderOutlined',
    group: 'action',
    defaults: { type: 'button', title: { zh: '按钮', en: 'Button' }, props: { text: '按钮' } },
  },
  columnType: 'string',
  noValue: true,
  propsSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', maxLength: 40 },
      buttonType: { enum: ['primary', 'default', 'dashed', 'link', 'text'] },
      danger: { type: 'boolean' },
      href: { type: 'string', pattern: '^(https?://|/(?!/))', maxLength: 500 },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'props.text', title: { zh: '按钮文字', en: 'Button text' }, type: 'input' },
    { key: 'props.href', title: { zh: '链接', en: 'Link' }, type: 'input' },
  ],
});
