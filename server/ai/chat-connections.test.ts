import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../bus/local';
import { ChatConnections } from './chat-connections';

/** The part of a ServerResponse a chat connection writes to, keeping what was written. */
function fakeResponse() {
  const raw = Object.assign(new EventEmitter(), {
    written: '',
    writableEnded: false,
    writableLength: 0,
    writeHead: () => raw,
    write(text: string) {
      raw.written += text;
      return true;
    },
    end() {
      raw.writableEnded = true;
    },
  });
  return raw;
}

const log = { warn() {}, error() {} };
const owner = { appId: 'app1', userId: 'u1' };

describe('ChatConnections', () => {
  it('writes the pieces of an answer run here, and of one run by another instance, to the connection', async () => {
    // Two instances' connection registries on one bus: `here` holds the stream.
    const bus = new LocalBus(log);
    const here = new ChatConnections(bus);
    const elsewhere = new ChatConnections(bus);
    const raw = fakeResponse();
    const connectId = here.attach(raw as unknown as ServerResponse, owner, undefined, {});

    await here.publish(owner, connectId, { kind: 'text', text: 'local piece' });
    await elsewhere.publish(owner, connectId, { kind: 'text', text: 'remote piece' });
    await here.publish(owner, connectId, { kind: 'done', recordId: 'r1', status: 'done' });

    const data = raw.written.split('\n').filter((line) => line.startsWith('data: '));
    expect(data).toEqual([
      `data: ${connectId}`,
      'data: local piece',
      'data: remote piece',
      'data: {"recordId":"r1","status":"done"}',
    ]);
    expect(raw.written).toContain(`id: ${connectId}.3\nevent: done\n`);
    here.closeAll();
    elsewhere.closeAll();
  });

  it('writes nothing to a connection held by another user, from here or elsewhere', async () => {
    const bus = new LocalBus(log);
    const here = new ChatConnections(bus);
    const elsewhere = new ChatConnections(bus);
    const raw = fakeResponse();
    const connectId = here.attach(raw as unknown as ServerResponse, owner, undefined, {});
    const before = raw.written;
    const intruder = { appId: 'app1', userId: 'u2' };
    await here.publish(intruder, connectId, { kind: 'text', text: 'not yours' });
    await elsewhere.publish(intruder, connectId, { kind: 'text', text: 'not yours either' });
    expect(raw.written).toBe(before);
    here.closeAll();
    elsewhere.closeAll();
  });
});
