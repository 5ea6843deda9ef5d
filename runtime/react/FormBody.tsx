/**
 * <FormBody>: the fields of a form, rendered inside the caller's Formily <FormProvider>. It compiles
 * the nodes (memoised by nodes / lang / mode / roles / columns) and renders them with a SchemaField
 * that knows FormItem, FormGrid (a CSS grid), FormTab and every bound widget. The form holds stored values;
 * `form.submit()` yields them as-is. Read-only: pass mode="readPretty" or set form.readPretty.
 * Linkage (building-blocks §4) is attached to the form here, before any field exists, and keyword
 * searches of dictApi selects are debounced through the shared loader.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { message } from 'antd';
import { FormItem, FormTab } from '@formily/antd-v5';
import { createSchemaField, useForm } from '@formily/react';
import { isField, type Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import type { SchemaNode } from '../../protocol/page-schema';
import { compileFields } from '../core/compiler/compile-fields';
import type { CompileContext, CompileMode } from '../core/compiler/types';
import { isSuccess } from '../../protocol/codes';
import type { RequestFn } from '../../protocol/http';
import type { Lang } from '../../protocol/constants';
import { translate } from '../../protocol/messages';
import { registerExpressionCompiler } from './expression-compiler';
import { attachLinkage } from '../core/linkage/effects';
import { debounceSearch } from '../core/linkage/debounce';
import { buildLinkagePlan, isEmptyPlan } from '../core/linkage/plan';
import { valueFields } from '../core/list/fields';
import { LiteGrid } from './LiteGrid';
import { boundWidgets, bindingsVersion } from './bindings';
import { RuntimeProvider, useRuntime } from './context';

// Before any schema renders: `{{ }}` must never reach Formily's new Function compiler.
registerExpressionCompiler();

export interface FormBodyProps {
  nodes: SchemaNode[];
  mode?: CompileMode;
  columns?: number;
  /** Where linkage warnings (请先选择{title}) go; default: an antd message rendered by FormBody. */
  onWarning?: (text: string) => void;
}

// 'FormGrid' in compiled schemas is a CSS grid (LiteGrid): same props and spans, no JS layout pass.
const makeSchemaField = () =>
  createSchemaField({ components: { FormItem, FormGrid: LiteGrid, FormTab, ...boundWidgets() } });
let cached: { version: number; SchemaField: ReturnType<typeof makeSchemaField> } | undefined;

/** One SchemaField for all forms, rebuilt only when a widget is bound later (lazy chunks). */
export function getSchemaField() {
  const version = bindingsVersion();
  if (!cached || cached.version !== version) cached = { version, SchemaField: makeSchemaField() };
  return cached.SchemaField;
}

/**
 * Attaches the linkage effects synchronously during render, so that fields created by this
 * render's children already see them; detaches when the plan, the form or the body goes away.
 */
function useLinkage(form: Form, nodes: SchemaNode[], mode: CompileMode, warn: (text: string) => void) {
  const { lang } = useRuntime();
  const warnRef = useRef(warn);
  warnRef.current = warn;
  const plan = useMemo(() => (mode === 'readPretty' ? undefined : buildLinkagePlan(valueFields(nodes))), [nodes, mode]);
  const attached = useRef<{ form: Form; plan: unknown; lang: string; detach: () => void }>(undefined);
  const ensureAttached = () => {
    const current = attached.current;
    if (current && current.form === form && current.plan === plan && current.lang === lang) return;
    current?.detach();
    const detach =
      plan && !isEmptyPlan(plan)
        ? attachLinkage(form, plan, { lang, warn: (text) => warnRef.current(text) })
        : () => undefined;
    attached.current = { form, plan, lang, detach };
  };
  ensureAttached();
  useEffect(() => {
    // Again here: StrictMode's simulated unmount/remount runs this cleanup without a new render.
    ensureAttached();
    return () => {
      attached.current?.detach();
      attached.current = undefined;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ensureAttached reads exactly these
  }, [form, plan, lang]);
}

/** Every field's compiled schema by field name (fields sit under void grid / tab nodes). */
function fieldsByName(schema: ISchema, into = new Map<string, ISchema>()) {
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const node = child as ISchema;
    if (node.type !== 'void') into.set(name, node);
    fieldsByName(node, into);
  }
  return into;
}

/**
 * After a language switch the rules are compiled again in the new language, but Formily keeps a
 * field's title, placeholder, validator and the messages it already shows. Hand each field its new
 * texts and rules and validate again the ones showing an error, so 客户名称不能为空 becomes "Name is
 * required" in place, under an English label (issue 22).
 */
function useRelocalisedErrors(form: Form, schema: ISchema, lang: string) {
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    const compiled = fieldsByName(schema);
    for (const field of Object.values(form.fields)) {
      if (!isField(field)) continue;
      const node = compiled.get(String(field.props.name));
      if (!node) continue;
      // The form outlives the switch (what the user typed stays): its texts follow here.
      if (node.title !== undefined) field.setTitle(node.title as never);
      const placeholder = (node['x-component-props'] as { placeholder?: unknown } | undefined)?.placeholder;
      if (placeholder !== undefined) field.setComponentProps({ placeholder });
      const decorator = node['x-decorator-props'] as Record<string, unknown> | undefined;
      if (decorator) field.setDecoratorProps(decorator);
      if (node['x-validator'] === undefined) continue;
      field.setValidator(node['x-validator'] as never);
      if (field.selfErrors.length) void field.validate().catch(() => undefined);
    }
  }, [form, schema, lang]);
}

/** A field's checkApi asked through the app's client: GET {api}?{key}=value → { valid, message }. */
function remoteChecker(request: RequestFn, lang: Lang): NonNullable<CompileContext['check']> {
  return async (api, key, value) => {
    try {
      const result = await request<{ valid?: boolean; message?: string }>({
        method: 'GET',
        url: api,
        query: { [key]: value },
      });
      // A refusal without a message would read as valid to Formily: it gets the generic format one.
      if (!isSuccess(result.code) || result.data?.valid !== false) return undefined;
      return result.data.message || translate(lang, 'form.patternInvalid');
    } catch {
      return undefined;
    }
  };
}

export function FormBody({ nodes, mode = 'edit', columns, onWarning }: FormBodyProps) {
  const runtime = useRuntime();
  const { lang, user } = runtime;
  const form = useForm();
  const [messageApi, holder] = message.useMessage();
  useLinkage(form, nodes, mode, onWarning ?? ((text) => void messageApi.warning(text)));
  const roleKey = user?.roleIds.join(',') ?? '';
  const check = useMemo(() => remoteChecker(runtime.request, lang), [runtime.request, lang]);
  const schema = useMemo(
    () => compileFields(nodes, { lang, mode, columns, roleIds: roleKey ? roleKey.split(',') : [], check }),
    [nodes, lang, mode, columns, roleKey, check],
  );
  useRelocalisedErrors(form, schema, lang);
  // Keyword searches (dictApi.kwKey) collapse per pause in typing; plain loads pass straight through.
  const searchRuntime = useMemo(() => ({ ...runtime, loadDict: debounceSearch(runtime.loadDict) }), [runtime]);
  const SchemaField = getSchemaField();
  const body: ReactNode = (
    <RuntimeProvider value={searchRuntime}>
      <SchemaField schema={schema} />
    </RuntimeProvider>
  );
  return (
    <>
      {onWarning ? null : holder}
      {body}
    </>
  );
}
