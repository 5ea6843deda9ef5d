import { defineNode } from '../../core/registry';
import { widgetBase } from '../../core/dashboard/schema-parts';

/** An embedded page: an http(s) address in a sandboxed iframe (scripts yes, our origin no). */
export const frameNode = defineNode({
  type: 'frame',
  placement: 'page',
  palette: {
    title: { zh: '内嵌网页', en: 'Embedded page' },
    icon: 'GlobalOutlined',
    group: 'chart',
    defaults: { type: 'frame', key: 'frame', url: 'https://example.com/' },
  },
  schema: {
    type: 'object',
    required: ['type', 'key', 'url'],
    additionalProperties: false,
    properties: {
      ...widgetBase('frame'),
      url: { type: 'string', pattern: '^https?://', maxLength: 2000 },
    },
  },
  settings: [{ key: 'url', title: { zh: '网址', en: 'Address' }, type: 'input' }],
});
