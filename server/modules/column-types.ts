/**
 * Column type of a field: the field's dataType wins, else the widget's declared columnType from
 * the registry (runtime/core/registry.ts), filled by the headless widget definitions imported
 * below. A field whose widget is not registered cannot get a column: that is an error, not a guess.
 */
import '../../runtime/definitions';
import { getWidget, type ColumnType } from '../../runtime/core/registry';
import type { FieldDefinition } from '../../protocol/page-schema';
import { ModuleSchemaError } from '../errors';

const FROM_DATA_TYPE: Record<NonNullable<FieldDefinition['dataType']>, ColumnType> = {
  integer: 'integer',
  long: 'long',
  boolean: 'boolean',
  float: 'float',
  double: 'double',
  string: 'string',
  time: 'time',
  column: 'string',
  text: 'text',
};

/** The column type, or null for display-only widgets that hold no value. */
export function columnTypeOf(field: FieldDefinition): ColumnType | null {
  const widget = getWidget(field.type);
  if (widget?.noValue) return null;
  if (field.dataType) {
    if (!Object.hasOwn(FROM_DATA_TYPE, field.dataType)) {
      throw new ModuleSchemaError(`Field "${field.key}" has an unknown dataType "${String(field.dataType)}"`);
    }
    return FROM_DATA_TYPE[field.dataType];
  }
  if (!widget) throw new ModuleSchemaError(`Field "${field.key}" uses the unknown widget type "${field.type}"`);
  return widget.columnType;
}
