import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('reads messages split anywhere across chunks, with ids, comments and retry', () => {
    const parser = new SseParser();
    const wire = 'retry: 3000\n\n: ping\n\nid: a1\ndata: {"x":1}\n\nid: a2\r\ndata: line1\r\ndata: line2\r\n\r\n';
    const messages = [];
    for (let i = 0; i < wire.length; i += 3) messages.push(...parser.feed(wire.slice(i, i + 3)));
    expect(messages).toEqual([
      { id: 'a1', event: 'message', data: '{"x":1}' },
      { id: 'a2', event: 'message', data: 'line1\nline2' },
    ]);
    expect(parser.retryMs).toBe(3000);
    expect(parser.lastEventId).toBe('a2');
  });

  it('does not dispatch a message until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('id: 1\ndata: half')).toEqual([]);
    expect(parser.feed('\n\n')).toEqual([{ id: '1', event: 'message', data: 'half' }]);
  });
});
