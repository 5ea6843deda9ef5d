/** Benchmark page: the form rendered by Tessera from its page schema (FormBody). */
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ApiResult, RequestFn, RequestOptions } from '../protocol/http';
import type { FieldDefinition } from '../protocol/page-schema';
import { createDictLoader } from '../runtime/core/data/dict';
import { preloadWidgets } from '../runtime/react/bindings';
import { RuntimeProvider, type RuntimeContextValue } from '../runtime/react/context';
import { FormBody } from '../runtime/react/FormBody';
// Bound as the shell binds them (src/runtime-bindings.ts): the adapter imports no widget itself.
import '../runtime/definitions';
import '../runtime/widgets/components';
import { benchFields, dependentOptions, SELECT_ITEMS, type BenchField } from './form-fixture';
import { mount } from './form-page-shared';

const TYPE = { text: 'input', number: 'number', select: 'select', date: 'date' } as const;

function toDefinition(field: BenchField): FieldDefinition {
  const def: FieldDefinition = { key: field.key, title: field.title, type: TYPE[field.kind] };
  if (field.linkageKeys) def.linkageKeys = field.linkageKeys;
  if (field.dependsOn) def.dictApi = { url: 'dict/child', params: { parent: `{{${field.dependsOn}}}` } };
  else if (field.kind === 'select') def.selectItems = SELECT_ITEMS;
  return def;
}

const request = (async (req: RequestOptions): Promise<ApiResult> => ({
  code: 200,
  message: 'success',
  data: dependentOptions(req.query?.parent),
})) as RequestFn;

// The app fetches each widget's code on first use; this page times the render, so the four widget
// types it uses are fetched before the clock starts (the hand-written page has them in its bundle).
await preloadWidgets(Object.values(TYPE));

mount((count) => {
  const nodes = benchFields(count).map(toDefinition);
  const runtime: RuntimeContextValue = {
    request,
    lang: 'zh',
    user: { id: 'u1', roleIds: [] },
    providerFor: () => {
      throw new Error('not used');
    },
    loadDict: createDictLoader(request),
  } as RuntimeContextValue;
  const form = createForm();
  return (
    <RuntimeProvider value={runtime}>
      <FormProvider form={form}>
        <FormBody nodes={nodes} columns={2} />
      </FormProvider>
    </RuntimeProvider>
  );
});
