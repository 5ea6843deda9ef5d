/**
 * The language of a stand-alone block: its `lang` prop, else the runtime's, else zh. The blocks are
 * used inside the runtime and by the shell (outside a RuntimeProvider), so the context is optional.
 */
import type { Lang } from '../../../protocol/constants';
import { translate } from '../../../protocol/messages';
import { useOptionalRuntime } from '../../react/context';

export function useBlockLang(lang?: Lang): Lang {
  const runtime = useOptionalRuntime();
  return lang ?? runtime?.lang ?? 'zh';
}

export function useBlockText(lang?: Lang): (key: string, vars?: Record<string, unknown>) => string {
  const resolved = useBlockLang(lang);
  return (key, vars) => translate(resolved, key, vars);
}
