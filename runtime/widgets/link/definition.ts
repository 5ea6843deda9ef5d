import { translate } from '../../../protocol/messages/index';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { textFormat } from '../../core/format';

/**
 * A link: edited as a URL, stored as typed, shown as an <a> opening in a new tab. Only http(s) and
 * site-relative links are accepted and rendered as links (a javascript: or data: URL is refused when
 * edited and shown as plain text if it comes from a row).
 */
export const linkWidget = defineWidget({
  type: 'link',
  palette: {
    title: { zh: '链接', en: 'Link' },
    icon: 'LinkOutlined',
    group: 'input',
    defaults: { type: 'link', title: { zh: '链接', en: 'Link' } },
  },
  columnType: 'string',
  format: textFormat,
  searchRule: 'LIKE',
  propsSchema: {
    type: 'object',
    properties: { text: { type: 'string', maxLength: 60 } },
    additionalProperties: false,
  },
  settings: [{ key: 'props.text', title: { zh: '链接文字', en: 'Link text' }, type: 'input' }],
});

export const SAFE_LINK = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

defineFieldCompiler('link', {
  adapt(schema, field, ctx) {
    (schema['x-component-props'] ??= {}).maxLength = field.maxLength ?? 500;
    if (ctx.mode !== 'edit') return;
    const message = translate(ctx.lang, 'widgets.linkInvalid');
    const rules = (schema['x-validator'] ?? []) as unknown[];
    schema['x-validator'] = [
      ...rules,
      (value: unknown) =>
        value === null || value === undefined || value === '' || SAFE_LINK.test(String(value)) ? '' : message,
    ] as (typeof schema)['x-validator'];
  },
});
