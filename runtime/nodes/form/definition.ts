/**
 * The standalone form node: fields in a form that submits to a data source, in the modes of
 * platform-shell §3 (ADD 0, EDIT 1, COPY 2, DETAIL 3; by name or code). Edit, copy and detail load
 * the record named by `recordId` (or the page's record id given to the renderer).
 */
import type { SchemaNode, Text } from '../../../protocol/page-schema';
import type { DataSourceConfig } from '../../core/data/provider';
import { defineNode } from '../../core/registry';

export interface FormNodeSchema {
  type: 'form';
  key?: string;
  title?: Text;
  dataSource: DataSourceConfig;
  idKey?: string;
  mode?: 'add' | 'edit' | 'copy' | 'detail' | 0 | 1 | 2 | 3;
  recordId?: string;
  columns?: number;
  /** Show 重置 next to 提交 (default true). */
  showReset?: boolean;
  fields: SchemaNode[];
}

export const formNode = defineNode({
  type: 'form',
  schema: {
    type: 'object',
    required: ['type', 'dataSource', 'fields'],
    additionalProperties: false,
    properties: {
      type: { const: 'form' },
      key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', maxLength: 64 },
      title: { $ref: 'tessera://meta/text.schema.json' },
      dataSource: { $ref: 'tessera://meta/data-source.schema.json' },
      idKey: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
      mode: { enum: ['add', 'edit', 'copy', 'detail', 0, 1, 2, 3] },
      recordId: { type: 'string', maxLength: 128 },
      columns: { type: 'integer', minimum: 1, maximum: 4 },
      showReset: { type: 'boolean' },
      fields: { type: 'array', minItems: 1, items: { $ref: 'tessera://meta/child.schema.json' } },
    },
  },
});
