/**
 * Routes every `{{ ... }}` in a Formily schema through the safe evaluator. Formily's default
 * compiler is `new Function('$root', 'with($root) { return (...) }')`: a stored schema string must
 * never reach it, so this replaces it once, before any schema is rendered.
 *
 * Scope: Formily's own names ($self, $form, $values, $deps, $record, ...) plus, as a fallback, the
 * form values themselves, so a hiddenFn reads `status === 'closed'` rather than `$values.status`.
 */
// Via @formily/react (which re-exports @formily/json-schema): the one copy the renderer uses.
import { Schema } from '@formily/react';
import { evaluate } from '../core/expression/evaluate';

let registered = false;
const reported = new Set<string>();

/**
 * Formily's scope is a lazyMerge proxy that claims every name (even inherited ones) as its own, so
 * only its `$` names are copied into a plain scope; every other name is a form value.
 */
function pickScope(scope: unknown): Record<string, unknown> {
  const picked: Record<string, unknown> = Object.create(null);
  if (scope && typeof scope === 'object') {
    for (const key of Object.keys(scope))
      if (key.startsWith('$')) picked[key] = (scope as Record<string, unknown>)[key];
  }
  return picked;
}

export function compileExpression(expression: string, scope: unknown): unknown {
  const formScope = pickScope(scope);
  const values = formScope.$values;
  try {
    return evaluate(expression, formScope, { fallback: values && typeof values === 'object' ? values : {} });
  } catch (error) {
    // A bad expression in a stored schema must not take the page down: undefined leaves the
    // state untouched (Formily skips undefined results). Report each distinct failure once.
    const message = (error as Error).message;
    if (!reported.has(message)) {
      reported.add(message);
      console.warn(`[tessera] ${message}`);
    }
    return undefined;
  }
}

/** Idempotent: FormBody calls it on import; tests and other renderers may call it too. */
export function registerExpressionCompiler(): void {
  if (registered) return;
  Schema.registerCompiler(compileExpression);
  registered = true;
}
