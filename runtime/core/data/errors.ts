/** Errors a provider throws (not server answers): they carry a message key so the UI can translate them. */
export class DataSourceError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'DataSourceError';
  }
}

export const unsupported = (what: string) =>
  new DataSourceError('runtime.data.unsupported', `This data source does not support ${what}`);

/** A download answered with the server's JSON error instead of a workbook: keeps its code and message. */
export class ServerAnswerError extends Error {
  constructor(
    readonly code: string | number,
    message: string,
  ) {
    super(message);
    this.name = 'ServerAnswerError';
  }
}
