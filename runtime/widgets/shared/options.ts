/**
 * Shared by the choice widgets (checkbox group, radio, button groups, tree select, select variants):
 * options reach the component as props, resolved at compile time where lang and roles are known
 * (hidden and other roles' items dropped; hiddenFn stays for the live form values), or a dictApi the
 * component loads through the runtime. Not a widget folder (no definition.ts): it names no type.
 */
import { resolveSelectItems } from '../../core/compiler/select-items';
import type { CompileContext, FieldCompiler } from '../../core/compiler/types';
import type { FieldDefinition } from '../../../protocol/page-schema';

type Extra = (props: Record<string, unknown>, field: FieldDefinition, ctx: CompileContext) => void;

export function optionsCompiler(extra?: Extra): FieldCompiler {
  return {
    adapt(schema, field, ctx) {
      const props = (schema['x-component-props'] ??= {}) as Record<string, unknown>;
      if (field.dictApi) props.dictApi = field.dictApi;
      else props.items = resolveSelectItems(field.selectItems, ctx);
      extra?.(props, field, ctx);
    },
  };
}
