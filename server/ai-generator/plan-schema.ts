/**
 * The app plan the model is asked for (docs/ai.md "App generator"): a JSON document we define and
 * validate with Ajv before anything is built. Field types are the widget registry's value-holding
 * input, choice and date widgets — read from the registry, so a widget added there is offered to the
 * model without a change here. Caps keep a prompt asking for "thousands of tables" contained.
 */
import '../../runtime/definitions';
import { allWidgets } from '../../runtime/core/registry';

export const PLAN_LIMITS = {
  tables: 8,
  fields: 20,
  rows: 10,
  menus: 8,
  roles: 4,
  dicts: 12,
  dictItems: 20,
  text: 60,
} as const;

/** Palette groups whose widgets a generated form may use: plain data entry, no layout or media. */
const GENERATABLE_GROUPS = new Set(['input', 'choice', 'date']);

/** The widget types a plan may name, from the registry (sorted: the prompt is stable). */
export function planFieldTypes(): string[] {
  return allWidgets()
    .filter((w) => !w.noValue && w.palette && GENERATABLE_GROUPS.has(w.palette.group))
    .map((w) => w.type)
    .sort();
}

/** Widgets whose options come from `dict` (a plan dictionary) or a relation. */
export const CHOICE_TYPES = new Set(['select', 'radio-group', 'checkbox-group', 'select-multi', 'radio-button']);

const IDENT = '^[a-z][a-z0-9_]{1,29}$';
/** Plain text: no markup (a title is never HTML; `<script>` in one goes back to the model). */
const text = { type: 'string', minLength: 1, maxLength: PLAN_LIMITS.text, pattern: '^[^<>]*$' };
const title = {
  type: 'object',
  required: ['zh', 'en'],
  properties: { zh: text, en: text },
  additionalProperties: false,
};
const ident = { type: 'string', pattern: IDENT };
const scalar = { type: ['string', 'number', 'boolean', 'null'] };

/** JSON Schema (draft 2020-12 subset every provider's structured output accepts). */
export function planJsonSchema(): Record<string, unknown> {
  const field = {
    type: 'object',
    required: ['key', 'title', 'type'],
    properties: {
      key: ident,
      title,
      type: { type: 'string', enum: planFieldTypes() },
      required: { type: 'boolean' },
      unique: { type: 'boolean' },
      dict: ident,
      relation: {
        type: 'object',
        required: ['table', 'labelField'],
        properties: { table: ident, labelField: ident },
        additionalProperties: false,
      },
      search: { type: 'boolean' },
    },
    additionalProperties: false,
  };
  return {
    type: 'object',
    required: ['app', 'tables', 'menus', 'roles'],
    properties: {
      app: {
        type: 'object',
        required: ['identify', 'title'],
        properties: { identify: { type: 'string', pattern: '^[a-z][a-z0-9_]{1,19}$' }, title },
        additionalProperties: false,
      },
      dicts: {
        type: 'array',
        maxItems: PLAN_LIMITS.dicts,
        items: {
          type: 'object',
          required: ['code', 'title', 'items'],
          properties: {
            code: ident,
            title,
            items: {
              type: 'array',
              minItems: 1,
              maxItems: PLAN_LIMITS.dictItems,
              items: {
                type: 'object',
                required: ['value', 'label'],
                properties: { value: { type: 'string', minLength: 1, maxLength: 40 }, label: title },
                additionalProperties: false,
              },
            },
          },
          additionalProperties: false,
        },
      },
      tables: {
        type: 'array',
        minItems: 1,
        maxItems: PLAN_LIMITS.tables,
        items: {
          type: 'object',
          required: ['name', 'title', 'fields'],
          properties: {
            name: ident,
            title,
            fields: { type: 'array', minItems: 1, maxItems: PLAN_LIMITS.fields, items: field },
            list: {
              type: 'object',
              properties: { pageSize: { type: 'integer', enum: [10, 20, 50] } },
              additionalProperties: false,
            },
            rows: {
              type: 'array',
              maxItems: PLAN_LIMITS.rows,
              items: { type: 'object', additionalProperties: scalar, maxProperties: PLAN_LIMITS.fields },
            },
          },
          additionalProperties: false,
        },
      },
      menus: {
        type: 'array',
        minItems: 1,
        maxItems: PLAN_LIMITS.menus,
        items: {
          type: 'object',
          required: ['title', 'tables'],
          properties: { title, tables: { type: 'array', minItems: 1, maxItems: PLAN_LIMITS.tables, items: ident } },
          additionalProperties: false,
        },
      },
      roles: {
        type: 'array',
        minItems: 1,
        maxItems: PLAN_LIMITS.roles,
        items: {
          type: 'object',
          required: ['identify', 'name', 'tables'],
          properties: {
            identify: ident,
            name: title,
            tables: { type: 'array', maxItems: PLAN_LIMITS.tables, items: ident },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  };
}

export interface Title {
  zh: string;
  en: string;
}
export interface PlanField {
  key: string;
  title: Title;
  type: string;
  required?: boolean;
  unique?: boolean;
  dict?: string;
  relation?: { table: string; labelField: string };
  search?: boolean;
}
export interface PlanTable {
  name: string;
  title: Title;
  fields: PlanField[];
  list?: { pageSize?: number };
  rows?: Record<string, unknown>[];
}
export interface AppPlan {
  app: { identify: string; title: Title };
  dicts?: { code: string; title: Title; items: { value: string; label: Title }[] }[];
  tables: PlanTable[];
  menus: { title: Title; tables: string[] }[];
  roles: { identify: string; name: Title; tables: string[] }[];
}
