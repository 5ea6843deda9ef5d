/** Route schemas of the sms page's routes (docs/conventions.md "Route schemas"). */
import { mobile, recordId, strictObject, text } from '../http/shapes';
import { ERROR_KEY } from '../http/validation';
import { SMS_PROVIDERS, TEMPLATE_SCENES } from './admin-store';

const optionalText = (max: number, description: string) =>
  ({ type: ['string', 'null'], maxLength: max, description }) as const;

/** Read-only keys an edit form sends back with the values: accepted and ignored. */
const IGNORED = {
  id: { description: 'Ignored (the id is in the path)' },
  update_at: { description: 'Ignored' },
  update_by: { description: 'Ignored' },
  access_key_secret_set: { description: 'Ignored (whether a secret is stored)' },
  access_key_secret_mask: { description: 'Ignored (the masked secret)' },
} as const;
export const IGNORED_KEYS = Object.keys(IGNORED);
const ignored = Object.keys(IGNORED) as (keyof typeof IGNORED)[];

const SETTING = {
  provider: { enum: [...SMS_PROVIDERS], description: 'The SMS provider (aliyun)' },
  access_key_id: {
    type: 'string',
    minLength: 1,
    maxLength: 128,
    pattern: '^\\s*[A-Za-z0-9]+\\s*$',
    [ERROR_KEY]: 'sms.accessKeyIdInvalid',
    description: 'The provider AccessKey ID',
  },
  access_key_secret: optionalText(
    256,
    'The AccessKey secret; stored encrypted, never answered. Empty keeps the stored one',
  ),
  sign_name: text(64, 'The SMS signature name approved by the provider'),
  endpoint: {
    type: ['string', 'null'],
    maxLength: 256,
    pattern: '^(\\s*|https?://[^\\s/?#]+/?)$',
    [ERROR_KEY]: 'sms.endpointInvalid',
    description: 'The provider API origin (empty: https://dysmsapi.aliyuncs.com); checked by the SSRF guard',
  },
  test_mobile: {
    type: ['string', 'null'],
    maxLength: 32,
    pattern: '^(\\s*|\\s*1[3-9]\\d{9}\\s*)$',
    [ERROR_KEY]: 'auth.mobileInvalid',
    description: 'The mobile number test sends go to',
  },
} as const;

export const SETTING_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...SETTING, ...IGNORED },
    mode === 'create' ? 'New SMS provider settings' : 'The settings to change',
    mode === 'create'
      ? ['provider', 'access_key_secret', 'endpoint', 'test_mobile', ...ignored]
      : [...(Object.keys(SETTING) as (keyof typeof SETTING)[]), ...ignored],
  );

const TEMPLATE = {
  scene: { enum: [...TEMPLATE_SCENES], description: 'login, register, forgetPwd or changeMobile' },
  template_code: {
    type: 'string',
    minLength: 1,
    maxLength: 64,
    pattern: '^\\s*[A-Za-z0-9_-]+\\s*$',
    [ERROR_KEY]: 'sms.templateCodeInvalid',
    description: 'The provider template code, e.g. SMS_123456',
  },
  content: optionalText(500, 'What the template says (a preview for admins; the provider holds the text)'),
} as const;

export const TEMPLATE_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...TEMPLATE, ...IGNORED },
    mode === 'create' ? 'A new SMS template' : 'The template fields to change',
    mode === 'create' ? ['content', ...ignored] : [...(Object.keys(TEMPLATE) as (keyof typeof TEMPLATE)[]), ...ignored],
  );

export const ID_PARAMS = strictObject({ id: recordId }, 'The row addressed');
export const IDS_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 100, items: recordId, description: 'The rows to remove' } },
  'Rows to remove',
);

const page = {
  current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000, description: 'Rows per page' },
} as const;

export const PAGE_QUERY = strictObject(page, 'Paging', ['current', 'pageSize']);
export const TEMPLATE_QUERY = strictObject(
  { ...page, scene: { enum: [...TEMPLATE_SCENES], description: 'Only this scene' } },
  'Paging and filters of the templates',
  ['current', 'pageSize', 'scene'],
);
export const LOG_QUERY = strictObject(
  {
    ...page,
    scene: { enum: [...TEMPLATE_SCENES], description: 'Only this scene' },
    status: { enum: ['sent', 'failed'], description: 'Only sent or only failed sends' },
  },
  'Paging and filters of the send log',
  ['current', 'pageSize', 'scene', 'status'],
);

/** The test send: the template row as callApi sends it, and optionally another mobile. */
export const TEST_BODY = strictObject(
  {
    ids: { type: 'array', minItems: 1, maxItems: 1, items: recordId, description: 'The template to send (one id)' },
    mobile,
  },
  'Send a test SMS with a template',
  ['mobile'],
);
