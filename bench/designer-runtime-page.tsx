/** Designer benchmark baseline: the runtime alone rendering the same page's form (bench/designer-fixture.ts). */
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { FieldDefinition } from '../protocol/page-schema';
import { RuntimeProvider } from '../runtime/react/context';
import { createRuntimeValue } from '../runtime/react/create-runtime';
import { preloadNodes, preloadWidgets } from '../runtime/react/bindings';
import { FormBody } from '../runtime/react/FormBody';
import '../runtime/definitions';
import '../runtime/widgets/components';
import '../runtime/nodes/components';
import { benchSchema, benchStore, FIELDS } from './designer-fixture';
import { mountUntil } from './designer-page-shared';

await Promise.all([preloadWidgets(), preloadNodes()]);
const schema = benchSchema();
const runtime = createRuntimeValue({ request: benchStore(schema), lang: 'zh', user: { id: 'u1', roleIds: [] } });
mountUntil(
  <RuntimeProvider value={runtime}>
    <FormProvider form={createForm()}>
      <FormBody nodes={schema.body[0]!.fields as unknown as FieldDefinition[]} columns={2} />
    </FormProvider>
  </RuntimeProvider>,
  () => document.querySelectorAll('.ant-formily-item').length >= FIELDS,
);
