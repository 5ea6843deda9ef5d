import { PASSWORD_MAX_LENGTH } from '../../../protocol/constants';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget } from '../../core/registry';
import { secretFormat } from '../../core/format';

/**
 * Password (platform-shell §5: max 120). No illegal-character check: passwords need special
 * characters. Read-only never shows the value, only a mask.
 */
export const passwordWidget = defineWidget({
  type: 'password',
  palette: {
    title: { zh: '密码', en: 'Password' },
    icon: 'LockOutlined',
    group: 'input',
    defaults: { type: 'password', title: { zh: '密码', en: 'Password' } },
  },
  columnType: 'string',
  format: secretFormat,
  propsSchema: {
    type: 'object',
    properties: { visibilityToggle: { type: 'boolean' } },
    additionalProperties: false,
  },
  settings: [
    { key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' },
    { key: 'maxLength', title: { zh: '最大长度', en: 'Max length' }, type: 'number', props: { min: 1 } },
  ],
});

defineFieldCompiler('password', {
  adapt(schema, field) {
    const props = (schema['x-component-props'] ??= {}) as Record<string, unknown>;
    props.maxLength = field.maxLength ?? PASSWORD_MAX_LENGTH;
    props.autoComplete = 'new-password';
  },
});
