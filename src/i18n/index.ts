/**
 * i18next over the shared catalog (protocol/messages). zh is the default; the choice is kept in
 * session storage (spec platform-shell §1) and antd's locale follows it (see src/App.tsx).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, STORAGE_PREFIX, type Lang } from '../../protocol/constants';
import { onMessagesAdded, resourcesFor, type Catalog } from '../../protocol/messages';

const LANG_KEY = `${STORAGE_PREFIX}lang`;

export function storedLang(): Lang {
  const value = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LANG_KEY);
  return (LANGS as readonly string[]).includes(value ?? '') ? (value as Lang) : DEFAULT_LANG;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  resources: { zh: { translation: resourcesFor('zh') }, en: { translation: resourcesFor('en') } },
  interpolation: { escapeValue: false },
  keySeparator: false,
  initImmediate: false,
});

/** Catalogs of lazy features (protocol/messages/late.ts) join i18next's resources when they load. */
onMessagesAdded((part: Catalog) => {
  for (const lang of LANGS) {
    const bundle: Record<string, string> = {};
    for (const [key, value] of Object.entries(part)) bundle[key] = value[lang];
    i18n.addResourceBundle(lang, 'translation', bundle, true, true);
  }
});

export function setLang(lang: Lang): void {
  sessionStorage.setItem(LANG_KEY, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/**
 * The app's default language (its system settings, docs/settings.md), used until this visitor
 * picks one: a stored choice always wins, and the default is not stored as a choice.
 */
export function applyDefaultLang(lang: Lang | undefined): void {
  if (!lang || !(LANGS as readonly string[]).includes(lang)) return;
  if (typeof sessionStorage !== 'undefined' && sessionStorage.getItem(LANG_KEY)) return;
  if (i18n.language === lang) return;
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'zh');
