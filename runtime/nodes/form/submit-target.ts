/**
 * A form node's `submit` option: where and what 提交 sends when the form is not a plain record of
 * its data source — an account call (POST auth/changePwd with two of the form's three fields), or
 * a record update limited to the fields the user may change. Headless: the form node calls
 * sendForm() and shows what it answers.
 *
 * `{user.id}` in a URL or a record id stands for the signed-in user of the runtime (never a value
 * of the page): a page about "me" needs no id in its address. After a success the form may call a
 * host action by name (registerFormHostAction): only registered names run, so a schema can ask the
 * host to refresh what it shows but never choose code.
 */
import { isSuccess } from '../../../protocol/codes';
import type { Text } from '../../../protocol/page-schema';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import type { RequestFn } from '../../../protocol/http';
import { failureMessage, thrownMessage } from '../../actions/result-message';
import type { SaveGuard } from '../../actions/submit';
import type { ActionUi } from '../../actions/types';
import type { DataProvider, Row } from '../../core/data/provider';

export interface FormSubmitSchema {
  /** Request path (relative to the API root, like a data source's api); absent: the data source saves. */
  url?: string;
  /** Default POST. */
  method?: 'POST' | 'PUT';
  /** The keys sent (default: every value of the form). */
  fields?: string[];
  /** Send text values without surrounding spaces (a name; never set it on a password form). */
  trim?: boolean;
  /** The button's text (default 提交). */
  label?: Text;
  /** Shown on success (default the data source's 新增成功 / 编辑成功, or 提交成功 for a url). */
  successMessage?: Text;
  /** Start over with the form's initial values after a success (a password form empties). */
  reset?: boolean;
  /** A host action run with the sent values after a success (see registerFormHostAction). */
  then?: string;
}

export const formSubmitJsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 300, pattern: '^(?!.*\\.\\.)(?!/)[A-Za-z0-9_./{}-]+$' },
    method: { enum: ['POST', 'PUT'] },
    fields: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
    },
    label: { $ref: 'tessera://meta/text.schema.json' },
    successMessage: { $ref: 'tessera://meta/text.schema.json' },
    reset: { type: 'boolean' },
    trim: { type: 'boolean' },
    then: { type: 'string', pattern: '^[A-Za-z][\\w.-]*$', maxLength: 64 },
  },
} as const;

export type FormHostAction = (values: Row) => void;
const hostActions = new Map<string, FormHostAction>();

/** The host (the shell) offers an action a form schema may name in `submit.then`. */
export function registerFormHostAction(name: string, action: FormHostAction): () => void {
  hostActions.set(name, action);
  return () => {
    if (hostActions.get(name) === action) hostActions.delete(name);
  };
}

const USER_ID = '{user.id}';

/** Puts the signed-in user's id (URL-encoded) in place of {user.id}; undefined when no one is signed in. */
export function withUser(template: string, userId: string | undefined): string | undefined {
  if (!template.includes(USER_ID)) return template;
  if (!userId) return undefined;
  return template.split(USER_ID).join(encodeURIComponent(userId));
}

export type SendOutcome = 'sent' | 'busy' | 'failed';

export async function sendForm(args: {
  submit: FormSubmitSchema;
  values: Row;
  request: RequestFn;
  provider: DataProvider;
  /** The loaded record's id, for a data-source save. */
  recordId?: string;
  userId?: string;
  fields: readonly FieldDefinition[];
  ui: ActionUi;
  guard: SaveGuard;
}): Promise<SendOutcome> {
  const { submit, ui, guard } = args;
  if (guard.busy) {
    ui.warning(ui.t('runtime.save.editing'));
    return 'busy';
  }
  const picked = submit.fields
    ? Object.fromEntries(submit.fields.filter((key) => key in args.values).map((key) => [key, args.values[key]]))
    : { ...args.values };
  const body = submit.trim
    ? Object.fromEntries(Object.entries(picked).map(([key, v]) => [key, typeof v === 'string' ? v.trim() : v]))
    : picked;
  guard.busy = true;
  try {
    let result;
    if (submit.url) {
      const url = withUser(submit.url, args.userId);
      if (!url) throw new Error(ui.t('runtime.form.noRecord'));
      result = await args.request({ method: submit.method ?? 'POST', url, body });
    } else if (args.recordId) {
      result = await args.provider.update(args.recordId, body);
    } else {
      result = await args.provider.create(body);
    }
    if (!isSuccess(result.code)) {
      ui.warning(failureMessage(result, args.fields, ui.lang));
      return 'failed';
    }
    const fallback = submit.url
      ? 'runtime.form.sent'
      : args.recordId
        ? 'runtime.save.editSuccess'
        : 'runtime.save.addSuccess';
    ui.success(submit.successMessage !== undefined ? textOf(submit.successMessage, ui.lang) : ui.t(fallback));
    if (submit.then) hostActions.get(submit.then)?.(body);
    return 'sent';
  } catch (error) {
    ui.warning(thrownMessage(error, ui.lang));
    return 'failed';
  } finally {
    guard.busy = false;
  }
}
