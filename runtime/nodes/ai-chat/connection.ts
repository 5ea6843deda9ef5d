/**
 * The chat page's stream (GET /api/sse/connect, §7): opened through the host's openStream (sealed
 * when the app encrypts). Its first message, whose id equals its data, is the connection id every
 * send and stop names; then unnamed messages are pieces of the running answer, `done` its end
 * (`{ recordId, status }`) and `error` a failure in the user's language. When the stream ends the
 * id is forgotten and the next send opens a new stream (the server gives a new id).
 */
import type { OpenStreamFn, StreamHandle, StreamMessage } from '../../../protocol/stream-open';
import type { RecordStatus } from './api';

export const CONNECT_URL = 'sse/connect';
/** How long the first message may take before the connection counts as failed. */
const CONNECT_TIMEOUT_MS = 20_000;

export interface ChatStreamListener {
  text: (piece: string) => void;
  done: (end: { recordId: string; status: RecordStatus }) => void;
  error: (message: string) => void;
  /** The stream ended (server gone, network, session over); any running answer is over for the page. */
  closed: () => void;
}

export class ChatConnection {
  private handle: StreamHandle | undefined;
  private id: string | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly open: OpenStreamFn | undefined,
    private readonly listener: ChatStreamListener,
  ) {}

  get connectId(): string | undefined {
    return this.id;
  }

  /** The connection id, opening a stream first when none is open; rejects when it cannot open. */
  connect(): Promise<string> {
    if (this.id) return Promise.resolve(this.id);
    if (this.pending) return this.pending;
    const open = this.open;
    if (!open) return Promise.reject(new Error('no stream'));
    this.pending = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => fail(), CONNECT_TIMEOUT_MS);
      const fail = () => {
        clearTimeout(timer);
        this.handle?.close();
        this.forget();
        reject(new Error('connection failed'));
      };
      this.handle = open(CONNECT_URL, {
        onMessage: (message) => {
          if (!this.id) {
            if (message.id && message.id === message.data) {
              clearTimeout(timer);
              this.id = message.data;
              this.pending = undefined;
              resolve(message.data);
            }
            return;
          }
          this.dispatch(message);
        },
        onClose: () => {
          if (!this.id) return fail();
          this.forget();
          this.listener.closed();
        },
      });
    });
    return this.pending;
  }

  /** Closes the stream (the page unmounts); a later connect opens a new one. */
  close(): void {
    this.handle?.close();
    this.forget();
  }

  private forget(): void {
    this.handle = undefined;
    this.id = undefined;
    this.pending = undefined;
  }

  private dispatch(message: StreamMessage): void {
    if (message.event === 'done') {
      try {
        const end = JSON.parse(message.data) as { recordId: string; status: RecordStatus };
        this.listener.done(end);
      } catch {
        this.listener.error('');
      }
    } else if (message.event === 'error') this.listener.error(message.data);
    else this.listener.text(message.data);
  }
}
