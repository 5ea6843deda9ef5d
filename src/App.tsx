import { App as AntdApp, ConfigProvider } from 'antd';
// The ESM builds: 'antd/locale/*' resolves to a CJS wrapper in the Vite build whose default export
// is the module object, so antd fell back to English texts ("10 / page") in Chinese mode.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation, I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { i18n } from './i18n';
import { AppGate } from './routes/AppGate';
import { DEFAULT_APP } from './routes/default-app';

function Localised() {
  const { i18n: instance } = useTranslation();
  const lang = instance.language === 'en' ? 'en' : 'zh';
  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  }, [lang]);
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: '#1677ff' } }}
      // The spec's two-character labels (查询, 重置, 新增) are kept exactly, without antd's inserted space.
      button={{ autoInsertSpace: false }}
    >
      <AntdApp>
        <BrowserRouter>
          <Routes>
            <Route path="/" element={<Navigate to={`/${DEFAULT_APP}`} replace />} />
            <Route path="/login" element={<Navigate to={`/${DEFAULT_APP}/login`} replace />} />
            <Route path="/:app/*" element={<AppGate />} />
          </Routes>
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Localised />
    </I18nextProvider>
  );
}
