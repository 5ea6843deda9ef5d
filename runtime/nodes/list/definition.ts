/**
 * The list node (building-blocks §2): search form, table with paging and selection, row and header
 * actions, and the detail modal. Headless: the JSON Schema fragment checked by the Ajv factory.
 */
import type { ListQuery, SortSpec } from '../../../protocol/list-query';
import type { SchemaNode, Text } from '../../../protocol/page-schema';
import type { DataSourceConfig } from '../../core/data/provider';
import { defineNode } from '../../core/registry';

export const LIST_ACTIONS = [
  'add',
  'edit',
  'copy',
  'detail',
  'delete',
  'batchDelete',
  'export',
  'import',
  'columns',
] as const;
export type ListAction = (typeof LIST_ACTIONS)[number];
/** What a list offers when the schema names no actions: the record actions, no spreadsheets. */
export const DEFAULT_ACTIONS: readonly ListAction[] = ['add', 'edit', 'copy', 'detail', 'delete', 'batchDelete'];

/** A schema button: any registered action by name (the meta-schema's action enum checks it). */
export interface ListButton {
  action: string;
  title?: Text;
  params?: Record<string, unknown>;
  row?: boolean;
  buttonType?: 'primary' | 'default' | 'dashed' | 'link' | 'text';
  danger?: boolean;
  /** On a row button: an expression over the row's values (`is_deleted === 1`) that hides it. */
  hiddenFn?: string;
}

export const LIST_VIEWS = ['table', 'card', 'gantt'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** The parts of the list-query body (building-blocks §7) a page declares once: joins, groups, scoping. */
export type ListQueryParts = Pick<
  ListQuery,
  | 'leftJoins'
  | 'rightJoins'
  | 'innerJoins'
  | 'groups'
  | 'relate'
  | 'dataLimitType'
  | 'dataLimitUnRoleIds'
  | 'dataLimitUnDepeAdmin'
>;

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
  /** Joins, groups, relate and data scoping sent with every list and export query (the server checks them). */
  query?: ListQueryParts;
  /** Parent column: the server nests rows under `children` (roots paged) and the table shows a tree. */
  parentKey?: string;
  actions?: ListAction[];
  /** More buttons, each naming a registered action (runtime/actions) and its params; `row` puts it on each row. */
  buttons?: ListButton[];
  /** Views the user may switch between, the first shown first (default: table only). */
  views?: ListView[];
  /** Gantt task field keys (default text / start_date / duration / parent) and the first scale. */
  gantt?: { text?: string; start?: string; duration?: string; parent?: string; scale?: 'week' | 'month' };
  /** Import by a server-side template instead of the field descriptors. */
  importTemplateId?: string;
  modal?: { width?: string | number; columns?: number };
  /** Fields, and containers (grid, tab) that lay them out in the modal. */
  fields: SchemaNode[];
}

const fieldKey = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 };
const positiveInt = (max: number) => ({ type: 'integer', minimum: 1, maximum: max });
const tableName = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$', maxLength: 64 };
const joins = {
  type: 'array',
  maxItems: 10,
  items: {
    type: 'object',
    required: ['join', 'on'],
    additionalProperties: false,
    properties: {
      join: tableName,
      as: fieldKey,
      showFields: { type: 'array', maxItems: 100, items: fieldKey },
      // Two plain column names, never an expression: "left=right" or [left, right].
      on: {
        oneOf: [
          {
            type: 'string',
            pattern: '^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*=\\s*[A-Za-z_][A-Za-z0-9_]*\\s*$',
            maxLength: 140,
          },
          { type: 'array', minItems: 2, maxItems: 2, items: fieldKey },
        ],
      },
    },
  },
};
const group = {
  oneOf: [
    fieldKey,
    {
      type: 'object',
      required: ['key'],
      additionalProperties: false,
      properties: {
        key: fieldKey,
        aggregates: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            required: ['fn'],
            additionalProperties: false,
            properties: { fn: { enum: ['count', 'sum', 'avg', 'min', 'max'] }, key: fieldKey, as: fieldKey },
          },
        },
      },
    },
  ],
};

export const listNode = defineNode({
  type: 'list',
  placement: 'page',
  ownsForm: true,
  palette: {
    title: { zh: '列表', en: 'List' },
    icon: 'UnorderedListOutlined',
    group: 'data',
    defaults: {
      type: 'list',
      title: { zh: '列表', en: 'List' },
      dataSource: { kind: 'STATIC', data: [] },
      fields: [{ id: 'f_name', key: 'name', title: { zh: '名称', en: 'Name' }, type: 'input' }],
    },
  },
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
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          leftJoins: joins,
          rightJoins: joins,
          innerJoins: joins,
          groups: { type: 'array', minItems: 1, maxItems: 10, items: group },
          relate: { enum: ['AND', 'OR'] },
          dataLimitType: { oneOf: [{ enum: [1, 2, 3, 4, 5] }, { enum: ['1', '2', '3', '4', '5'] }] },
          dataLimitUnRoleIds: { type: 'string', maxLength: 2000 },
          dataLimitUnDepeAdmin: { oneOf: [{ type: 'boolean' }, { enum: [0, 1] }] },
        },
      },
      parentKey: fieldKey,
      actions: { type: 'array', uniqueItems: true, items: { enum: [...LIST_ACTIONS] } },
      buttons: { type: 'array', maxItems: 20, items: { $ref: 'tessera://meta/action-button.schema.json' } },
      views: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...LIST_VIEWS] } },
      gantt: {
        type: 'object',
        additionalProperties: false,
        properties: {
          text: fieldKey,
          start: fieldKey,
          duration: fieldKey,
          parent: fieldKey,
          scale: { enum: ['week', 'month'] },
        },
      },
      importTemplateId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
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
  settings: [
    { key: 'showTitle', title: { zh: '显示标题', en: 'Show title' }, type: 'switch' },
    {
      key: 'pagination.pageSize',
      title: { zh: '每页条数', en: 'Page size' },
      type: 'number',
      props: { min: 1, max: 1000 },
    },
    {
      key: 'actions',
      title: { zh: '操作', en: 'Actions' },
      type: 'select-multi',
      selectItems: LIST_ACTIONS.map((value) => ({ value })),
    },
    {
      key: 'views',
      title: { zh: '视图', en: 'Views' },
      type: 'select-multi',
      selectItems: LIST_VIEWS.map((value) => ({ value })),
    },
  ],
});
