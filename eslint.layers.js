/**
 * The layers `npm run lint` enforces (docs/architecture.md, "Layers"). Every allowed edge between
 * two parts of the tree is listed here; an import along any other edge fails with
 * boundaries/dependencies, and an import cycle fails with import-x/no-cycle, so a wrong import is
 * a CI failure rather than a review comment.
 */
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const elements = [
  { type: 'protocol', pattern: 'protocol' },
  { type: 'schemas', pattern: 'schemas' },
  { type: 'fixtures', pattern: 'fixtures' },
  { type: 'core', pattern: 'runtime/core' },
  { type: 'definitions', pattern: 'runtime/definitions' },
  { type: 'actions', pattern: 'runtime/actions' },
  { type: 'adapter', pattern: 'runtime/react' },
  { type: 'components', pattern: 'runtime/components' },
  { type: 'nodes', pattern: 'runtime/nodes' },
  { type: 'widgets', pattern: 'runtime/widgets' },
  { type: 'shell', pattern: 'src' },
  { type: 'designer-core', pattern: 'designer/core' },
  { type: 'designer-react', pattern: 'designer/react' },
  { type: 'server-http', pattern: 'server/plugins' },
  { type: 'server-http', pattern: 'server/http' },
  { type: 'server-db', pattern: 'server/db' },
  { type: 'server-bus', pattern: 'server/bus' },
  { type: 'server-feature', pattern: 'server/*', capture: ['feature'] },
];

/**
 * Server features are Fastify plugins. Each may import the files listed as another feature's
 * seam (its public surface), and only from the features named in SERVER_EDGES. A new
 * cross-feature import needs a line here, which a reviewer sees.
 */
const SERVER_SEAMS = {
  // the chat's streams (the generator's progress), the model store and the provider calls; prompt
  // translation through the chat model (the image studio); the quota and charges every AI feature
  // pays through (billing.ts, with the chat's token estimate the generator reuses)
  ai: [
    'ai-config.ts',
    'billing.ts',
    'chat-billing.ts',
    'chat-connections.ts',
    'model-store.ts',
    'provider.ts',
    'translate.ts',
  ],
  access: ['can.ts', 'grants.ts', 'hook.ts', 'ip-allow-list.ts', 'tables.ts'],
  auth: ['bodies.ts', 'passwords.ts', 'session-hook.ts', 'sign-in.ts', 'tokens.ts', 'users.ts'],
  // + system-report.ts: reports the server runs itself over the app's tables (scheduled tasks)
  common: ['access.ts', 'query/tree.ts', 'system-report.ts', 'values.ts'],
  dingtalk: ['client.ts', 'routes.ts'],
  files: ['library.ts', 'names.ts', 'qiniu.ts'],
  // outbound HTTP through the SSRF guard (REST data sources; AI providers and tasks later)
  net: ['addresses.ts', 'outbound.ts', 'stream-fetch.ts'],
  // secrets at rest (AES-256-GCM) and the mask browsers see
  secrets: ['secrets.ts'],
  logs: ['record.ts'],
  // the SSE framing and sealing of a stream (the chat's own stream reuses it)
  events: ['stream.ts'],
  // cron tasks run once per tick across instances (docs/scheduler.md)
  scheduler: ['index.ts'],
  // a record in approval is read-only: the common API's update and delete ask (docs/workflow.md)
  flows: ['lock.ts'],
  modules: [
    'columns.ts',
    'field-defs.ts',
    'registry.ts',
    'save-diff.ts',
    'system-tables.ts',
    'table-info.ts',
    'table-sync.ts',
  ],
  platform: ['app-edit.ts', 'apps.ts'],
  'schema-store': [
    'dashboard-routes.ts',
    'diff.ts',
    'hash.ts',
    'issues.ts',
    'model.ts',
    'module-save.ts',
    'notify.ts',
    'page-overrides.ts',
    'prepare.ts',
    // the app's dictionaries and tables a schema may name (the designer's "describe a change" checks)
    'refs.ts',
    'route-params.ts',
    'transfer.ts',
    // the versions, diff and rollback routes of a kind with a head table (module, dashboard)
    'version-routes.ts',
    'versions.ts',
  ],
  sms: ['app-sender.ts', 'codes.ts', 'send-log.ts', 'sender.ts'],
  // in-app messages: flows, tasks and admins send through sendMessage (docs/messages.md)
  messages: ['send.ts'],
  // server-side calls of the api page's data sources (scheduled tasks)
  'api-sources': ['invoke.ts'],
};
const SERVER_EDGES = {
  // the AI app generator: the chat's streams and models, the store's save pipeline and checks, a hashed first user, the operation log
  'ai-generator': ['ai', 'auth', 'common', 'logs', 'modules', 'net', 'schema-store', 'secrets'],
  access: ['auth', 'modules', 'platform'],
  // AI models, agents and chat: sessions, the operation log, provider calls through the SSRF guard, sealed keys
  // (+ platform: the app row's ai_config is written with the app page's own checks, app-edit.ts)
  ai: ['auth', 'events', 'logs', 'net', 'platform', 'secrets'],
  // the image studio: sessions, drawing providers through the SSRF guard, sealed keys, results in the file storage, translation by the chat model
  'ai-image': ['ai', 'auth', 'files', 'logs', 'net', 'secrets'],
  // the api page: sessions, outbound calls through the SSRF guard, sealed secrets
  'api-sources': ['auth', 'logs', 'net', 'secrets'],
  auth: ['access', 'dingtalk', 'logs', 'platform', 'sms'],
  common: ['access', 'auth', 'files', 'flows', 'logs', 'modules'],
  dingtalk: ['auth', 'logs'],
  events: ['auth'],
  // log pruning is a scheduled task
  logs: ['scheduler'],
  files: ['auth'],
  modules: ['auth', 'common', 'logs', 'schema-store'],
  platform: ['access', 'auth', 'common', 'files', 'logs', 'schema-store'],
  prefs: ['auth'],
  'schema-store': ['access', 'auth', 'common', 'logs', 'modules'],
  // first-start seeding composes the features that own what it writes
  seed: ['auth', 'common', 'modules', 'platform', 'schema-store'],
  // the file library: sessions, the file API's storage and checks, the operation log
  resources: ['auth', 'files', 'logs'],
  // the sms page: sessions, the SSRF guard for the provider endpoint, the sealed AccessKey secret
  sms: ['auth', 'logs', 'net', 'secrets'],
  // the doc pages: sessions, the operation log of document writes
  documents: ['auth', 'logs'],
  // approval flows: sessions, the common API's record access and values, the operation log, the rejection message, the module registry
  flows: ['auth', 'common', 'logs', 'messages', 'modules'],
  // the mess page: sessions, the operation log of admin sends
  messages: ['auth', 'logs'],
  // the Task page: sessions, the scheduler, data sources to call, messages to send, the operation log,
  // reports over the app's tables (the common API's contracts) kept as files (the file API's storage)
  tasks: ['api-sources', 'auth', 'common', 'files', 'logs', 'messages', 'scheduler'],
};

const types = (...names) => ({ element: { types: { anyOf: names } } });
const layer = (type, ...below) => ({ from: { element: { type } }, allow: { to: types(type, ...below) } });
/** The headless barrels of a runtime folder: what layers beside or above it may import. */
const barrels = (type, files) => ({ element: { type, fileInternalPath: files } });
const HEADLESS = ['core', 'definitions', 'protocol', 'schemas'];

const serverEdges = Object.entries(SERVER_EDGES).map(([feature, targets]) => ({
  from: { element: { type: 'server-feature', captured: { feature } } },
  allow: {
    to: targets.map((target) => ({
      element: { type: 'server-feature', captured: { feature: target }, fileInternalPath: SERVER_SEAMS[target] },
    })),
  },
}));

export const layerPolicies = [
  layer('protocol'),
  layer('core', 'protocol', 'schemas'),
  layer('actions', 'core', 'protocol', 'schemas'),
  // The designer's headless core stands on the runtime's core; nothing else imports designer/
  // (its React adapters will get their own element and edge).
  layer('designer-core', 'core', 'protocol', 'schemas'),
  // The React designer: the core under it, the runtime's React adapter (FormBody) for the canvas.
  layer('designer-react', 'designer-core', 'adapter', ...HEADLESS),
  {
    from: { element: { type: 'definitions' } },
    allow: { to: [barrels('widgets', 'definitions.ts'), barrels('nodes', 'definitions.ts'), ...[types('actions')]] },
  },
  layer('adapter', ...HEADLESS),
  layer('components', 'adapter', ...HEADLESS),
  layer('widgets', 'components', 'adapter', ...HEADLESS),
  layer('nodes', 'widgets', 'actions', 'components', 'adapter', ...HEADLESS),
  {
    from: { element: { type: 'shell' } },
    allow: {
      to: [
        types('shell', 'actions', 'components', 'adapter', ...HEADLESS),
        barrels('nodes', ['index.ts', 'components.ts']),
        barrels('widgets', 'components.ts'),
        // the designer's barrel, imported only by the lazy design/{id} route (src/pages/DesignerRoute.tsx),
        // and the dashboard designer's, only by dashboard/design/{id} (src/pages/DashboardDesignerRoute.tsx)
        barrels('designer-react', ['index.ts', 'dashboard/index.ts']),
      ],
    },
  },
  layer('server-db', ...HEADLESS),
  layer('server-bus', 'protocol'),
  layer('fixtures', 'core', 'protocol', 'schemas'),
  layer('server-http', 'server-db', 'server-bus', ...HEADLESS),
  {
    from: { element: { type: 'server-feature' } },
    allow: { to: types('server-http', 'server-db', 'server-bus', ...HEADLESS) },
  },
  {
    from: { element: { type: 'server-feature' } },
    allow: {
      to: { element: { type: 'server-feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
    },
  },
  ...serverEdges,
];

/** Packages with React in them: only the adapters (runtime/react, nodes, widgets, components) and src/. */
const UI_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/*',
  'antd',
  'antd/*',
  '@ant-design/*',
  '@formily/react',
  '@formily/antd-v5',
  '@formily/reactive-react',
  '@wangeditor/*',
  'qrcode.react',
];

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': elements.map((e) => ({ partialMatch: false, ...e })),
      'boundaries/elements-single-match': true,
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      // maxDepth keeps the walk cheap on 2 cores; every cycle found so far was under 6 modules long.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 12 }],
    },
  },
  {
    // Tests and their helpers may reach across layers to assemble a screen; the product code may not.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test-fixtures/**',
      '**/testing.tsx',
      '**/testing-*.ts',
      '**/test-harness.tsx',
      '**/test-pages.ts',
    ],
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
    },
  },
  {
    files: ['runtime/core/**', 'runtime/actions/**', 'runtime/definitions/**', 'protocol/**', 'designer/core/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: UI_PACKAGES,
              message: 'Headless layer: React and UI kits belong to the adapters (runtime/react, nodes, widgets).',
            },
          ],
        },
      ],
    },
  },
];
