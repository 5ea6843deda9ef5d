/**
 * Test harness for widget and FormBody tests: a real Formily form, a RuntimeProvider whose
 * dictionaries come from the real dictionary loader over a fixture request, and <FormBody>.
 * Only for *.test.tsx (imports @testing-library/react).
 */
import { render } from '@testing-library/react';
import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import type { SchemaNode } from '../../../protocol/page-schema';
import { createDictLoader } from '../../core/data/dict';
import type { CompileMode } from '../../core/compiler/types';
import { RuntimeProvider, type RuntimeContextValue } from '../context';
import { preloadWidgets } from '../bindings';
import { FormBody } from '../FormBody';
// Tests render with every definition and widget bound, as the shell does (src/runtime-bindings.ts).
import '../../definitions';
import '../../widgets/components';

// Widget components are fetched on first render in the app; tests render synchronously and then
// look at the DOM, so every component is loaded before the first test.
await preloadWidgets();

export interface RenderFormOptions {
  mode?: CompileMode;
  initialValues?: Record<string, unknown>;
  readPretty?: boolean;
  lang?: 'zh' | 'en';
  roleIds?: string[];
  columns?: number;
  /** Answers dictionary calls: url → rows (optionally filtered by the request's query). */
  dicts?: Record<string, (query: RequestOptions['query']) => unknown[]>;
}

export function renderForm(nodes: SchemaNode[], options: RenderFormOptions = {}) {
  const calls: RequestOptions[] = [];
  const request = (async (req: RequestOptions): Promise<ApiResult> => {
    calls.push(req);
    const answer = options.dicts?.[req.url];
    if (!answer) return { code: 'P4004', message: `no fixture for ${req.url}`, data: null };
    return { code: 200, message: 'success', data: answer(req.query) };
  }) as RequestFn;
  const runtime: RuntimeContextValue = {
    request,
    lang: options.lang ?? 'zh',
    user: { id: 'u1', roleIds: options.roleIds ?? [] },
    providerFor: () => {
      throw new Error('FormBody tests do not use data providers');
    },
    loadDict: createDictLoader(request),
  };
  const form: Form = createForm({ initialValues: options.initialValues, readPretty: options.readPretty });
  const view = render(
    <RuntimeProvider value={runtime}>
      <FormProvider form={form}>
        <FormBody nodes={nodes} mode={options.mode} columns={options.columns} />
      </FormProvider>
    </RuntimeProvider>,
  );
  return { form, calls, ...view };
}

/** Submits and returns either the values or the error messages by field path. */
export async function submitForm(
  form: Form,
): Promise<{ values?: Record<string, unknown>; errors?: Record<string, string[]> }> {
  try {
    return { values: await form.submit((values) => JSON.parse(JSON.stringify(values))) };
  } catch {
    const errors: Record<string, string[]> = {};
    for (const feedback of form.errors) errors[String(feedback.path)] = [...new Set(feedback.messages ?? [])];
    return { errors };
  }
}
