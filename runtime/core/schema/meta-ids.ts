/** $ids of the meta-schemas. Files in schemas/meta carry theirs; the generated ones come from the registry. */
export const META = {
  page: 'tessera://meta/page.schema.json',
  field: 'tessera://meta/field.schema.json',
  text: 'tessera://meta/text.schema.json',
  dataSource: 'tessera://meta/data-source.schema.json',
  dictApi: 'tessera://meta/dict-api.schema.json',
  selectItems: 'tessera://meta/select-items.schema.json',
  linkage: 'tessera://meta/linkage.schema.json',
  /** Generated: any registered node type (page body items). */
  node: 'tessera://meta/node.schema.json',
  /** Generated: a node or a field (children of containers). */
  child: 'tessera://meta/child.schema.json',
  /** Generated: enum of registered widget types. */
  widgetType: 'tessera://meta/widget-type.schema.json',
  /** Generated: each widget's propsSchema applied to a field's `props`. */
  widgetProps: 'tessera://meta/widget-props.schema.json',
  /** Generated: a schema button naming a registered action, its params checked by the action's schema. */
  actionButton: 'tessera://meta/action-button.schema.json',
} as const;

/** Generated $id of one node type's schema. */
export const nodeSchemaId = (type: string) => `tessera://meta/nodes/${type}.schema.json`;

export const DIALECT_2020 = 'https://json-schema.org/draft/2020-12/schema';
