/**
 * The validation bridge as the browser can run it. Ajv compiles the meta-schema with `new Function`;
 * under the app's Content-Security-Policy (no 'unsafe-eval') that throws, so after the first
 * refusal the designer checks cross-references and linkage cycles itself and leaves the
 * meta-schema to the store's dry run (the save and the JSON view ask it: use-save.ts, JsonView).
 */
import type { CrossReferenceContext } from '../../runtime/core/schema/cross-reference';
import { validateDocument, type DesignDocument, type DocumentValidation } from '../core';

let metaRuns = true;

/** `ctx.dictCodes`: the app's dictionaries, so a dictApi naming one that no longer exists is marked. */
export function validateInBrowser(doc: DesignDocument, ctx?: CrossReferenceContext): DocumentValidation {
  if (metaRuns) {
    try {
      return validateDocument(doc, ctx);
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      metaRuns = false;
    }
  }
  return validateDocument(doc, ctx, { meta: false });
}

/** Whether the meta-schema runs here (false once the page's CSP refused Ajv's compiled code). */
export const metaSchemaRunsHere = () => metaRuns;
