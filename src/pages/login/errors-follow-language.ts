import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * antd keeps the messages a form already shows when the language switches (the rules are rebuilt
 * in the new language, the errors are not). Validate again the fields showing an error, so they
 * read in the language now chosen (issue 22, item 6); fields without an error are left alone.
 */
export function useErrorsFollowLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const shown = useRef(lang);
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length) void form.validateFields(withErrors).catch(() => undefined);
  }, [form, lang]);
}
