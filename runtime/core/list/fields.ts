/** Which of a list's fields are values, table columns and search fields. */
import type { ContainerNode, FieldDefinition, SchemaNode } from '../../../protocol/page-schema';
import { getNode } from '../registry';

const isContainer = (node: SchemaNode): node is ContainerNode =>
  Array.isArray((node as ContainerNode).children) || !!getNode(node.type)?.container;

/** Every field, containers (grid, tab, card) flattened in document order. */
export function valueFields(nodes: readonly SchemaNode[] | undefined): FieldDefinition[] {
  const out: FieldDefinition[] = [];
  for (const node of nodes ?? []) {
    if (isContainer(node)) out.push(...valueFields(node.children ?? []));
    else out.push(node as FieldDefinition);
  }
  return out;
}

/** visibleRoleIds is a comma list; a field with one is shown only to users holding one of them. */
export function visibleTo(field: FieldDefinition, roleIds: readonly string[] | undefined): boolean {
  if (!field.visibleRoleIds) return true;
  const allowed = field.visibleRoleIds
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return allowed.length === 0 || allowed.some((id) => roleIds?.includes(id));
}

export function tableFields(fields: readonly FieldDefinition[], roleIds?: readonly string[]): FieldDefinition[] {
  return fields.filter((f) => !f.tableHidden && !f.hidden && visibleTo(f, roleIds));
}

export function searchFields(fields: readonly FieldDefinition[], roleIds?: readonly string[]): FieldDefinition[] {
  return fields.filter((f) => !!f.search && visibleTo(f, roleIds));
}
