/**
 * The validation bridge as the browser can run it. The page meta-schema is precompiled at build time
 * (runtime/core/schema/meta-validator.generated.js, scripts/meta-validator.ts), so it runs here under
 * the app's Content-Security-Policy (no 'unsafe-eval'), with no Ajv compile. Should a validator ever
 * need a runtime compile again, the CSP refuses it with an EvalError: then the designer checks
 * cross-references and linkage cycles itself and leaves the meta-schema to the store's dry run (the
 * save and the JSON view ask it: use-save.ts, JsonView).
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
