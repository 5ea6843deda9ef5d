/**
 * The list node (building-blocks §2): search form, table with paging and selection, row and header
 * actions, and the detail modal. Headless: the JSON Schema fragment checked by the Ajv factory.
 */
import type { SortSpec } from '../../../protocol/list-query';
import type { SchemaNode, Text } from '../../../protocol/page-schema';
import type { DataSourceConfig } from '../../core/data/provider';
import { defineNode } from '../../core/registry';

export const LIST_ACTIONS = ['add', 'edit', 'copy', 'detail', 'delete', 'batchDelete'] as const;
export type ListAction = (typeof LIST_ACTIONS)[number];

export interface ListNodeSchema {
  type: 'list';
  key?: string;
  title?: Text;
  /** Show the title bar (default: when there is a title). */
  showTitle?: boolean;
  /** The module table (informational; the data source says where data lives). */
  table?: string;
  dataSource: DataSourceConfig;
  idKey?: string;
  /** false hides the search form. */
  search?: false | { columns?: number; fold?: boolean };
  /** false: no paging, every row in one request. */
  pagination?: false | { pageSize?: number; keepSelection?: boolean };
  sorts?: SortSpec[];
  actions?: ListAction[];
  modal?: { width?: string | number; columns?: number };
  /** Fields, and containers (grid, tab) that lay them out in the modal. */
  fields: SchemaNode[];
}

const positiveInt = (max: number) => ({ type: 'integer', minimum: 1, maximum: max });

export const listNode = defineNode({
  type: 'list',
  schema: {
    type: 'object',
    required: ['type', 'dataSource', 'fields'],
    additionalProperties: false,
    properties: {
      type: { const: 'list' },
      key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', maxLength: 64 },
      title: { $ref: 'tessera://meta/text.schema.json' },
      showTitle: { type: 'boolean' },
      table: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$', maxLength: 64 },
      dataSource: { $ref: 'tessera://meta/data-source.schema.json' },
      idKey: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
      search: {
        oneOf: [
          { const: false },
          {
            type: 'object',
            additionalProperties: false,
            properties: { columns: positiveInt(6), fold: { type: 'boolean' } },
          },
        ],
      },
      pagination: {
        oneOf: [
          { const: false },
          {
            type: 'object',
            additionalProperties: false,
            properties: { pageSize: positiveInt(1000), keepSelection: { type: 'boolean' } },
          },
        ],
      },
      sorts: {
        type: 'array',
        maxItems: 5,
        items: {
          type: 'object',
          required: ['key'],
          additionalProperties: false,
          properties: {
            key: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
            order: { enum: ['asc', 'desc'] },
          },
        },
      },
      actions: { type: 'array', uniqueItems: true, items: { enum: [...LIST_ACTIONS] } },
      modal: {
        type: 'object',
        additionalProperties: false,
        properties: {
          width: {
            oneOf: [
              { type: 'string', pattern: '^\\d{1,4}(px|%)?$' },
              { type: 'integer', minimum: 200, maximum: 4000 },
            ],
          },
          columns: positiveInt(4),
        },
      },
      fields: { type: 'array', minItems: 1, items: { $ref: 'tessera://meta/child.schema.json' } },
    },
  },
});
