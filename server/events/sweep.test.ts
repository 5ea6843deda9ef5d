import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamSweep, type SweptStream } from './sweep';

function fakeStream(tokenHash: string) {
  const stream = {
    tokenHash,
    isClosed: false,
    beats: 0,
    heartbeat() {
      stream.beats += 1;
    },
    close() {
      stream.isClosed = true;
    },
  };
  return stream satisfies SweptStream;
}

describe('StreamSweep', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('beats every stream once a period, reading each slot’s sessions in one call', async () => {
    const reads: string[][] = [];
    const sweep = new StreamSweep(
      1000,
      async (hashes) => {
        reads.push(hashes);
        return new Set(hashes);
      },
      () => {},
    );
    // 40 streams of 4 sessions (tabs sharing a token), 10 slots of 100 ms.
    const streams = Array.from({ length: 40 }, (_, i) => fakeStream(`s${i % 4}`));
    for (const stream of streams) sweep.add(stream);
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.map((s) => s.beats)).toEqual(streams.map(() => 1));
    // One read per slot, never more sessions than the slot's streams belong to.
    expect(reads).toHaveLength(10);
    expect(reads.flat().length).toBeLessThanOrEqual(40);
    for (const read of reads) expect(new Set(read).size).toBe(read.length);
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.every((s) => s.beats === 2 && !s.isClosed)).toBe(true);
    sweep.stop();
  });

  it('closes the streams whose session is gone, and stops beating a removed stream', async () => {
    const sweep = new StreamSweep(
      100,
      async (hashes) => new Set(hashes.filter((h) => h !== 'gone')),
      () => {},
    );
    const kept = fakeStream('kept');
    const gone = fakeStream('gone');
    const removed = fakeStream('kept');
    sweep.add(kept);
    sweep.add(gone);
    const remove = sweep.add(removed);
    remove();
    await vi.advanceTimersByTimeAsync(100);
    expect(gone.isClosed).toBe(true);
    expect(kept.isClosed).toBe(false);
    expect(kept.beats).toBe(1);
    expect(removed.beats).toBe(0);
    sweep.stop();
  });
});
