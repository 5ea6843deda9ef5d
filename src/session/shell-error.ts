/** A failed shell call: the server's message, and its result code when it answered one. */
export class ShellError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
