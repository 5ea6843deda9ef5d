/** Designer benchmark page: the form designer opened on the 300-node page (bench/designer-fixture.ts). */
import { RuntimeProvider } from '../runtime/react/context';
import { createRuntimeValue } from '../runtime/react/create-runtime';
import { preloadNodes, preloadWidgets } from '../runtime/react/bindings';
import '../runtime/definitions';
import '../runtime/widgets/components';
import '../runtime/nodes/components';
import { Designer } from '../designer/react';
import { benchSchema, benchStore, FIELDS } from './designer-fixture';
import { mountUntil } from './designer-page-shared';

// Widget and node code is fetched before the clock starts on both pages (the app caches it too).
await Promise.all([preloadWidgets(), preloadNodes()]);
const runtime = createRuntimeValue({ request: benchStore(benchSchema()), lang: 'zh', user: { id: 'u1', roleIds: [] } });
mountUntil(
  <RuntimeProvider value={runtime}>
    <Designer moduleId="m1" app="bench" onBack={() => undefined} />
  </RuntimeProvider>,
  () => document.querySelectorAll('.tessera-designer-canvas .ant-formily-item').length >= FIELDS,
);
