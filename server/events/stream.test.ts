/** One stream's framing: live events held while the replay is read, and the end with a retry hint. */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { expect, it } from 'vitest';
import type { DictChangedEvent } from '../../protocol/events';
import { SseParser } from '../../protocol/sse-parser';
import { EventStream } from './stream';

/** What EventStream uses of a ServerResponse, recording what is written. */
class RecordingResponse extends EventEmitter {
  text = '';
  ended = false;
  writableLength = 0;
  writeHead(): this {
    return this;
  }
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  end(chunk = ''): this {
    this.text += chunk;
    this.ended = true;
    return this;
  }
}

const dict = (code: string): DictChangedEvent => ({ type: 'dict.changed', appId: 'a1', code });

it('sends the replay first, then what arrived live meanwhile, never an event twice', () => {
  const raw = new RecordingResponse();
  const stream = new EventStream(raw as unknown as ServerResponse, 'a1', 'u1', 't1', undefined);
  stream.hold();
  stream.open(3000, {});
  // Live while the replay is read: e2 is also in the replay, e3 is not.
  stream.send('e2', dict('two'));
  stream.send('e3', dict('three'));
  expect(raw.text).toBe('retry: 3000\n\n');
  stream.release(
    [
      ['e0', { type: 'stream.open' }],
      ['e1', dict('one')],
      ['e2', dict('two')],
    ],
    new Set(['e0', 'e1', 'e2']),
  );
  stream.send('e4', dict('four'));
  const messages = new SseParser().feed(raw.text);
  expect(messages.map((m) => [m.id, JSON.parse(m.data).code ?? JSON.parse(m.data).type])).toEqual([
    ['e0', 'stream.open'],
    ['e1', 'one'],
    ['e2', 'two'],
    ['e3', 'three'],
    ['e4', 'four'],
  ]);
});

it('ends with the reconnect hint when closed with one, once', () => {
  const raw = new RecordingResponse();
  const stream = new EventStream(raw as unknown as ServerResponse, 'a1', 'u1', 't1', undefined);
  stream.open(3000, {});
  let ends = 0;
  stream.whenClosed(() => ends++);
  stream.close(1000);
  stream.close(1000);
  expect(raw.ended).toBe(true);
  expect(raw.text).toBe('retry: 3000\n\nretry: 1000\n\n');
  expect(ends).toBe(1);
  const parser = new SseParser();
  parser.feed(raw.text);
  expect(parser.retryMs).toBe(1000);
});
