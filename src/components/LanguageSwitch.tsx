import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLang } from '../i18n';

/** Switches zh ↔ en; the choice is kept in session storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Button type="text" icon={<TranslationOutlined />} onClick={() => setLang(i18n.language === 'en' ? 'zh' : 'en')}>
      {t('layout.language')}
    </Button>
  );
}
