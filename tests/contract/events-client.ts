/**
 * A test reader of GET /api/events over real HTTP (the stream needs a socket, not inject): it
 * queues parsed messages and waits for the next one or for the end of the stream.
 */
import { SseParser, type SseMessage } from '../../protocol/sse-parser';

export interface OpenStream {
  status: number;
  contentType: string;
  /** The next message; rejects if the stream ends or none comes within `ms`. */
  next(ms?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Everything received, as it came over the wire. */
  raw(): string;
  abort(): void;
}

export async function openEventStream(
  baseUrl: string,
  headers: Record<string, string>,
  path = '/api/events',
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
  const parser = new SseParser();
  const queue: SseMessage[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  let wire = '';
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  const decoder = new TextDecoder();
  const ended = (async () => {
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        const text = decoder.decode(value, { stream: true });
        wire += text;
        queue.push(...parser.feed(text));
        wake();
      }
    } catch {
      // aborted by the test
    } finally {
      done = true;
      wake();
    }
  })();

  async function next(ms = 5000): Promise<SseMessage> {
    const deadline = Date.now() + ms;
    while (queue.length === 0) {
      if (done) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.shift()!;
  }

  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    next,
    ended,
    raw: () => wire,
    abort: () => controller.abort(),
  };
}
