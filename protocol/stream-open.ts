/**
 * A server-sent event stream the runtime asks its host to open (the chat's GET /api/sse/connect,
 * ai-and-widgets §7): the host sends the session's headers and seals the opening under the crypto
 * envelope when the app encrypts, and hands the node each message already opened (docs/envelope.md
 * "Stream mode"). No reconnect: the node decides when to open a new stream.
 */
export interface StreamMessage {
  /** The message's id (the chat's first message: its id equals its data, the connection id). */
  id: string;
  /** The `event:` name, 'message' when the line is absent. */
  event: string;
  /** The data, opened (verified and decrypted) when the stream is sealed. */
  data: string;
}

export interface StreamHandlers {
  onMessage: (message: StreamMessage) => void;
  /** The stream ended: by the server, a network failure, a refusal or a bad sealed message (`failed`). */
  onClose: (failed: boolean) => void;
}

export interface StreamHandle {
  close(): void;
}

/** Opens `url` (relative to the API base, as RequestFn's: `sse/connect`). */
export type OpenStreamFn = (url: string, handlers: StreamHandlers) => StreamHandle;
