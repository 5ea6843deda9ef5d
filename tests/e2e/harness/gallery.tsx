/**
 * The widget gallery harness (dev-only, served by Vite for tests/e2e/gallery.e2e.ts): every field of
 * schemas/pages/gallery.page.json in edit mode and read-only mode, with sample stored values.
 * ?lang=en switches the language.
 */
import { createRoot } from 'react-dom/client';
import { App as AntdApp, Card, ConfigProvider } from 'antd';
// The ESM locales, as in src/App.tsx ('antd/locale/*' is a CJS wrapper in a Vite build), and dayjs's
// own locale so week and month pickers read like the app's.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { createDictLoader } from '../../../runtime/core/data/dict';
import { configureQrKey } from '../../../runtime/core/qr/index';
import { RuntimeProvider, type RuntimeContextValue } from '../../../runtime/react/context';
import { FormBody } from '../../../runtime/react/FormBody';
// Bound as the shell binds them (src/runtime-bindings.ts): the adapter imports no widget itself.
import '../../../runtime/definitions';
import '../../../runtime/widgets/components';
import { registerSlot, type SlotProps } from '../../../runtime/react/widget-helpers/slots';
import { UserTheme } from '../../../src/theme/UserTheme';
import gallery from '../../../schemas/pages/gallery.page.json';
import { sampleValues } from './sample-values';

const lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'zh';
dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
const fields = (gallery.body[0] as unknown as { fields: FieldDefinition[] }).fields;

const levels = [
  { code: 'A', name: '甲级' },
  { code: 'B', name: '乙级' },
];
const request = (async (req: RequestOptions): Promise<ApiResult> =>
  req.url === 'dict/customer_level'
    ? {
        code: 200,
        message: 'success',
        data: levels.filter((r) => !req.query?.kw || r.name.includes(String(req.query.kw))),
      }
    : { code: 'P4004', message: `no fixture for ${req.url}`, data: null }) as RequestFn;

const runtime: RuntimeContextValue = {
  request,
  lang,
  user: { id: 'u1', roleIds: ['r-admin'] },
  providerFor: () => {
    throw new Error('the gallery has no data providers');
  },
  loadDict: createDictLoader(request),
};

configureQrKey('0123456789abcdeffedcba9876543210');
registerSlot('demo.counter', ({ value, readOnly }: SlotProps) => (
  <span className="demo-slot">
    插槽内容（{String(value ?? 0)}）{readOnly ? '' : ' ✎'}
  </span>
));

function Section({ mode }: { mode: 'edit' | 'readPretty' }) {
  const form = createForm({ initialValues: structuredClone(sampleValues), readPretty: mode === 'readPretty' });
  return (
    <Card
      title={mode === 'edit' ? '编辑模式 / Edit' : '只读模式 / Read-only'}
      id={`gallery-${mode}`}
      style={{ marginBottom: 24 }}
    >
      <FormProvider form={form}>
        <FormBody nodes={fields} mode={mode} columns={2} />
      </FormProvider>
    </Card>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={lang === 'en' ? enUS : zhCN} button={{ autoInsertSpace: false }}>
    <UserTheme themeConfig='{"primary-color":"#0f766e"}'>
      <AntdApp>
        <RuntimeProvider value={runtime}>
          <div style={{ padding: 24, maxWidth: 1400, margin: '0 auto' }} data-gallery-ready>
            <Section mode="edit" />
            <Section mode="readPretty" />
          </div>
        </RuntimeProvider>
      </AntdApp>
    </UserTheme>
  </ConfigProvider>,
);
