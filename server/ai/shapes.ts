/** Route schemas of the AI routes (docs/conventions.md "Route schemas"). */
import { recordId, strictObject, text } from '../http/shapes';
import { PROVIDERS } from './provider';

const optionalText = (max: number, description: string) =>
  ({ type: ['string', 'null'], maxLength: max, description }) as const;

const flag = (description: string) => ({ enum: [0, 1], description }) as const;

const ECHO = {
  id: { description: 'Ignored (the id is in the path)' },
  create_at: { description: 'Ignored' },
  update_at: { description: 'Ignored' },
  create_by: { description: 'Ignored' },
  update_by: { description: 'Ignored' },
} as const;

const MODEL_PROPERTIES = {
  label: text(64, 'What users see in the model picker'),
  provider: {
    enum: [...PROVIDERS],
    description: 'deepseek, qwen, qianfan, openai or custom (an OpenAI-compatible URL)',
  },
  model: text(128, "The provider's model name, e.g. deepseek-chat, qwen-plus, ernie-4.0-8k"),
  base_url: optionalText(2048, "The API's base URL; empty: the provider's own. Checked by the SSRF guard"),
  api_key: optionalText(4096, 'The API key; stored encrypted, never answered. Empty on edit keeps the stored one'),
  enabled: flag('1: offered in the chat'),
  is_default: flag('1: the model a new chat starts with (one per app)'),
  context_length: { type: 'integer', minimum: 512, maximum: 2_000_000, description: 'Tokens the model reads at most' },
  price_per_1k: {
    type: 'integer',
    minimum: 0,
    maximum: 100_000_000,
    description: 'Price per 1,000 tokens in thousandths of the currency unit (usage and pay mode)',
  },
  sort: { type: 'integer', minimum: 0, maximum: 100000, description: 'Order in the picker' },
  remark: optionalText(500, 'Notes'),
} as const;

const MODEL_ECHO = {
  ...ECHO,
  api_key_set: { description: 'Ignored (whether a key is stored)' },
  api_key_mask: { description: 'Ignored (the masked key)' },
} as const;

const keysOf = <T extends object>(value: T) => Object.keys(value) as (keyof T)[];

export const MODEL_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...MODEL_PROPERTIES, ...MODEL_ECHO },
    mode === 'create' ? 'A new chat model' : 'The fields to change',
    mode === 'create'
      ? [
          ...keysOf(MODEL_PROPERTIES).filter((key) => !['label', 'provider', 'model'].includes(key)),
          ...keysOf(MODEL_ECHO),
        ]
      : [...keysOf(MODEL_PROPERTIES), ...keysOf(MODEL_ECHO)],
  );

const AGENT_PROPERTIES = {
  name: text(64, 'The agent as users see it'),
  role: text(500, 'A sentence on what the agent does (shown in the greeting)'),
  system_prompt: optionalText(20000, 'Sent first in every conversation with the agent'),
  tips: optionalText(60000, 'Suggested prompts, one per line (the greeting shows 12 at a time)'),
  model_id: { anyOf: [recordId, { type: 'null' }], description: 'The model it prefers; empty: the default' },
  type: { enum: ['CHAT'], description: 'CHAT (the chat page)' },
  enabled: flag('1: offered in the new-chat popover'),
  sort: { type: 'integer', minimum: 0, maximum: 100000, description: 'Order in the popover' },
} as const;

export const AGENT_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...AGENT_PROPERTIES, ...ECHO },
    mode === 'create' ? 'A new agent' : 'The fields to change',
    mode === 'create'
      ? [...keysOf(AGENT_PROPERTIES).filter((key) => !['name', 'role'].includes(key)), ...keysOf(ECHO)]
      : [...keysOf(AGENT_PROPERTIES), ...keysOf(ECHO)],
  );

export const ID_PARAMS = strictObject({ id: recordId }, 'The row addressed');

export const IDS_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 100, items: recordId, description: 'The rows to remove' } },
  'Rows to remove',
);

export const TEST_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 1, items: recordId, description: 'The model to test' } },
  'Test a model with a short prompt',
);

const page = {
  current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000, description: 'Rows per page' },
} as const;

export const MODEL_LIST_QUERY = strictObject(
  {
    ...page,
    label: { type: 'string', maxLength: 64, description: 'Part of the label' },
    provider: { enum: [...PROVIDERS], description: 'Only this provider' },
  },
  'Paging and filters of the models list',
  ['current', 'pageSize', 'label', 'provider'],
);

export const AGENT_LIST_QUERY = strictObject(
  { ...page, name: { type: 'string', maxLength: 64, description: 'Part of the name' } },
  'Paging and filters of the agents list',
  ['current', 'pageSize', 'name'],
);

/** The spec's option calls: page and size (and type CHAT for agents). */
export const OPTION_QUERY = strictObject(
  {
    page: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    size: { type: 'integer', minimum: 1, maximum: 100, description: 'Items per page' },
    type: { enum: ['CHAT'], description: 'CHAT' },
    agentId: { ...recordId, description: "Tips of this agent (default: every enabled agent's)" },
  },
  'Paging of an option list',
  ['page', 'size', 'type', 'agentId'],
);
