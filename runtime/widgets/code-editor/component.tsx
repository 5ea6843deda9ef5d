import { lazy, Suspense } from 'react';
import { Button, message } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { useT } from '../../react/context';
import { ReadText } from '../../react/widget-helpers/read-pretty';

const CodeMirror = lazy(() => import('./codemirror'));

interface Props {
  value?: unknown;
  onChange?: (text: string | null) => void;
  height?: number;
  language?: 'json' | 'text';
  disabled?: boolean;
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function CodeEdit({ value, onChange, height = 100, language = 'json', disabled }: Props) {
  const t = useT();
  // A holder in the field itself: works with or without an antd <App> around the form.
  const [notice, holder] = message.useMessage();
  const text = textOf(value);
  const format = () => {
    try {
      onChange?.(JSON.stringify(JSON.parse(text), null, 4));
    } catch {
      void notice.warning(t('widgets.jsonInvalid'));
    }
  };
  return (
    <div className="tessera-code-field">
      {holder}
      <Suspense fallback={<pre style={{ height, margin: 0 }}>{text}</pre>}>
        <CodeMirror
          value={text}
          height={height}
          language={language}
          readOnly={disabled}
          onChange={(v) => onChange?.(v || null)}
        />
      </Suspense>
      {language === 'json' && !disabled && (
        <Button size="small" style={{ marginTop: 4 }} onClick={format}>
          {t('widgets.jsonFormat')}
        </Button>
      )}
    </div>
  );
}

function CodeRead({ value }: Props) {
  const text = textOf(value);
  return text ? <pre className="tessera-read-pretty tessera-code-read">{text}</pre> : <ReadText text="" />;
}

export const CodeEditorWidget = connect(CodeEdit, mapReadPretty(CodeRead));
