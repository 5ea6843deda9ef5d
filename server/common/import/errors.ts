/** A workbook the import refuses as a whole (damaged, encrypted, too large, empty...): P4000. */
import { badRequest } from '../../errors';

export class ImportFileError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'ImportFileError';
  }

  toApiError() {
    return badRequest(this.key, this.vars);
  }
}
