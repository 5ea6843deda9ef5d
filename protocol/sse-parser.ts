/**
 * An incremental parser of the text/event-stream format (WHATWG HTML §9.2.6), for a stream read with
 * fetch + ReadableStream (EventSource cannot send the session and envelope headers, docs/schemas.md
 * "Bus and SSE"). Feed it decoded text as it arrives; it returns the complete messages.
 */
export interface SseMessage {
  /** The last id seen on the stream so far (the spec's "last event ID"), '' if none. */
  id: string;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private pendingCr = false;
  /** The stream's last event id: what a reconnect sends as Last-Event-ID. */
  lastEventId = '';
  /** The server's `retry:` hint (ms), if any. */
  retryMs: number | undefined;

  feed(chunk: string): SseMessage[] {
    let text = chunk;
    // A CRLF split across two chunks: the LF belongs to the CR already taken as an end of line.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const out: SseMessage[] = [];
    const lines = this.buffer.split(/\r\n|\n|\r/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) this.line(line, out);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.data.length > 0) {
        out.push({ id: this.lastEventId, event: this.event || 'message', data: this.data.join('\n') });
      }
      this.data = [];
      this.event = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}
