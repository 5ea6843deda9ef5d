/**
 * <FormBody>: the fields of a form, rendered inside the caller's Formily <FormProvider>. It compiles
 * the nodes (memoised by nodes / lang / mode / roles / columns) and renders them with a SchemaField
 * that knows FormItem, FormGrid, FormTab and every bound widget. The form holds stored values;
 * `form.submit()` yields them as-is. Read-only: pass mode="readPretty" or set form.readPretty.
 */
import { useMemo } from 'react';
import { FormGrid, FormItem, FormTab } from '@formily/antd-v5';
import { createSchemaField } from '@formily/react';
import type { SchemaNode } from '../../protocol/page-schema';
import { compileFields } from '../core/compiler/compile-fields';
import type { CompileMode } from '../core/compiler/types';
import { registerExpressionCompiler } from '../core/expression/formily';
import '../nodes/definitions';
import '../widgets/components';
import { boundWidgets, bindingsVersion } from './bindings';
import { useRuntime } from './context';

// Before any schema renders: `{{ }}` must never reach Formily's new Function compiler.
registerExpressionCompiler();

export interface FormBodyProps {
  nodes: SchemaNode[];
  mode?: CompileMode;
  columns?: number;
}

const makeSchemaField = () => createSchemaField({ components: { FormItem, FormGrid, FormTab, ...boundWidgets() } });
let cached: { version: number; SchemaField: ReturnType<typeof makeSchemaField> } | undefined;

/** One SchemaField for all forms, rebuilt only when a widget is bound later (lazy chunks). */
function getSchemaField() {
  const version = bindingsVersion();
  if (!cached || cached.version !== version) cached = { version, SchemaField: makeSchemaField() };
  return cached.SchemaField;
}

export function FormBody({ nodes, mode = 'edit', columns }: FormBodyProps) {
  const { lang, user } = useRuntime();
  const roleKey = user?.roleIds.join(',') ?? '';
  const schema = useMemo(
    () => compileFields(nodes, { lang, mode, columns, roleIds: roleKey ? roleKey.split(',') : [] }),
    [nodes, lang, mode, columns, roleKey],
  );
  const SchemaField = getSchemaField();
  return <SchemaField schema={schema} />;
}
