/**
 * The warning shown when form.submit() fails validation (building-blocks §5): for a required field
 * its required message ({title}不能为空 or requiredMessage) as it is; for any other rule the title
 * followed by the rule's message (rule_message, or 数据格式错误).
 */
import type { Lang } from '../../../protocol/constants';
import { translate } from '../../../protocol/messages';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import { requiredMessage } from '../../core/compiler/validators';

interface Feedback {
  path?: string;
  address?: string;
  messages?: unknown[];
}

export function validationWarning(errors: unknown, fields: readonly FieldDefinition[], lang: Lang): string | undefined {
  const list = Array.isArray(errors) ? (errors as Feedback[]) : [];
  const first = list.find((e) => e && Array.isArray(e.messages) && e.messages.length > 0);
  if (!first) return undefined;
  const path = String(first.path ?? first.address ?? '');
  const key = path.split('.').pop() ?? '';
  const field = fields.find((f) => f.key === key);
  const message = String(first.messages![0] ?? '') || translate(lang, 'runtime.form.invalidFormat');
  if (!field || message === requiredMessage(field, lang)) return message;
  return `${textOf(field.title, lang)}${message}`;
}
