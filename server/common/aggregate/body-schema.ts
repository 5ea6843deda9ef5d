/**
 * The route schema of an aggregate body (docs/conventions.md "Route schemas"): its keys and their
 * JSON types. The list contract's keys keep the list's looser forms (a rule by name or code, a
 * comma list or an array), which its parser checks; names are checked against the registry later.
 */
import { AGGREGATE_GROUP_CAP } from '../../../protocol/aggregate-query';

const name = (description: string) => ({ type: 'string', minLength: 1, maxLength: 128, description }) as const;
const list = (description: string) => ({ type: 'array', maxItems: 1000, description }) as const;

export const AGGREGATE_BODY = {
  type: 'object',
  description: "An aggregate query: the list contract's filters and joins, plus groups and measures",
  additionalProperties: false,
  properties: {
    querys: list('Conditions { key, value, rule } as in the list contract'),
    relate: { type: 'string', description: 'AND (default) or OR between the conditions' },
    leftJoins: list('Left joins { join, on, showFields, as? }'),
    rightJoins: list('Right joins { join, on, showFields, as? }'),
    innerJoins: list('Inner joins { join, on, showFields, as? }'),
    dataLimitType: { type: ['integer', 'string'], description: 'Data scope 1-5 (narrows the declared one)' },
    dataLimitUnRoleIds: { type: ['string', 'array'], description: 'Role ids exempt from the data scope' },
    dataLimitUnDepeAdmin: { type: ['boolean', 'integer'], description: 'Whether admins are exempt' },
    groupBy: {
      type: 'array',
      maxItems: 3,
      description: 'Group keys: a field name, or { key, bucket?, as? }',
      // A plain key or { key, bucket?, as? }: checked by the parser, whose messages name the bad part.
      items: { type: ['string', 'object'], description: 'One group' },
    },
    measures: {
      type: 'array',
      maxItems: 10,
      description: 'Measures { fn, key?, as? }',
      items: {
        type: 'object',
        description: 'One measure',
        additionalProperties: false,
        required: ['fn'],
        properties: {
          fn: {
            type: 'string',
            maxLength: 32,
            description: 'count, countDistinct, sum, avg, min or max (checked by the parser)',
          },
          key: name('The field measured (optional for count)'),
          as: name('Output name'),
        },
      },
    },
    sort: {
      type: 'array',
      maxItems: 5,
      description: 'Order of the groups: by a group or measure output name',
      items: {
        type: 'object',
        description: 'One sort',
        additionalProperties: false,
        required: ['key'],
        properties: {
          key: name('A group or measure output name'),
          order: { type: 'string', description: 'asc (default) or desc' },
        },
      },
    },
    limit: { type: 'integer', description: `Top-N: at most this many groups (1-${AGGREGATE_GROUP_CAP})` },
    others: { type: 'boolean', description: 'Add a row with the measures of the groups beyond the limit' },
    timeZone: { type: 'string', maxLength: 64, description: 'IANA time zone of the date buckets' },
  },
} as const;
