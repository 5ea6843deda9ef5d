import { useSearchParams } from 'react-router-dom';
import { lazyComponent } from '../../runtime/react/lazy-component';
import { AI_CREATE_PARAM } from './ai-create-param';

/** The generator's code and catalog load only when the dialog first opens (the first page's budget). */
const GeneratorDialog = lazyComponent(
  () => import('./ai-generator/GeneratorDialog').then((m) => m.GeneratorDialog),
  () => null,
);

/**
 * The AI app generator's place in the shell: the top bar sends admins to the applications page
 * with ?create=ai and the generator dialog opens over the list (ai-and-widgets §2 describes it as
 * a dialog; no route of its own). Closing it leaves the user on the applications list.
 */
export function AiAppDialog({ path }: { path: string }) {
  const [params, setParams] = useSearchParams();
  const open = path === 'app' && params.get(AI_CREATE_PARAM) === 'ai';
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(AI_CREATE_PARAM);
    setParams(next, { replace: true });
  };
  return <GeneratorDialog open={open} onClose={close} />;
}
