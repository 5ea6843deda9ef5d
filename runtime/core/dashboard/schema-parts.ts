/**
 * JSON Schema fragments the dashboard and widget node definitions share (runtime/nodes/<type>/
 * definition.ts): the data binding (the aggregate contract plus a table), a widget's number
 * format and its filter mapping. The server checks the same body again when it runs.
 */
import { DATE_BUCKETS, MEASURE_FNS } from '../../../protocol/aggregate-query';

const TEXT = { $ref: 'tessera://meta/text.schema.json' };
const name = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' };
const column = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 };

export const widgetKey = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', maxLength: 64 };

export const measureFormatSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    precision: { type: 'integer', minimum: 0, maximum: 10 },
    thousands: { type: 'boolean' },
    percent: { type: 'boolean' },
    unit: TEXT,
    compact: { type: 'boolean' },
  },
};

export const dataBindingSchema = {
  type: 'object',
  required: ['table'],
  additionalProperties: false,
  properties: {
    table: column,
    querys: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['key', 'rule'],
        properties: { key: column, value: {}, rule: { type: ['string', 'integer'] } },
        additionalProperties: false,
      },
    },
    relate: { enum: ['AND', 'OR'] },
    leftJoins: { type: 'array', maxItems: 5, items: { type: 'object' } },
    rightJoins: { type: 'array', maxItems: 5, items: { type: 'object' } },
    innerJoins: { type: 'array', maxItems: 5, items: { type: 'object' } },
    dataLimitType: { oneOf: [{ enum: [1, 2, 3, 4, 5] }, { enum: ['1', '2', '3', '4', '5'] }] },
    groupBy: {
      type: 'array',
      maxItems: 3,
      items: {
        oneOf: [
          column,
          {
            type: 'object',
            required: ['key'],
            additionalProperties: false,
            properties: { key: column, bucket: { enum: [...DATE_BUCKETS] }, as: name },
          },
        ],
      },
    },
    measures: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['fn'],
        additionalProperties: false,
        properties: { fn: { enum: [...MEASURE_FNS] }, key: column, as: name },
      },
    },
    sort: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        required: ['key'],
        additionalProperties: false,
        properties: { key: name, order: { enum: ['asc', 'desc'] } },
      },
    },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    others: { type: 'boolean' },
    timeZone: { type: 'string', maxLength: 64 },
  },
};

export const filterFieldsSchema = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { oneOf: [column, { type: 'null' }] },
};

/** What every widget node carries: type, key (its place in the layout), title. */
export const widgetBase = (type: string) => ({
  type: { const: type },
  key: widgetKey,
  title: TEXT,
});
