/**
 * streamChat against the loopback OpenAI-compatible fake: an upstream that sends its headers and
 * then nothing is cut after the idle limit and reported as the catalogue's timeout (the SDK's own
 * timeout ends at the headers), and a stop during that wait is still a stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { startFakeOpenAi, type FakeOpenAi } from '../../tests/fakes/openai/server';
import { ApiError } from '../errors';
import { policyFromConfig } from '../net/outbound';
import { streamChat, type ChatTarget } from './provider';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

const policy = policyFromConfig({ outboundAllowList: '127.0.0.1' });
const target = (model: string): ChatTarget => ({ provider: 'custom', baseUrl: fake.url, apiKey: fake.key, model });
const drain = async (stream: AsyncGenerator<string, unknown>) => {
  for await (const _piece of stream) void _piece;
};

describe('streamChat', () => {
  it('cuts an upstream that goes quiet after its headers and says it timed out', async () => {
    const error = await drain(
      streamChat(target('fake-hang'), [{ role: 'user', content: 'hello' }], { policy, idleMs: 200, maxRetries: 0 }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).key).toBe('ai.timeout');
  });

  it('a stop while the upstream is quiet stays a stop', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await drain(
      streamChat(target('fake-hang'), [{ role: 'user', content: 'hello' }], {
        policy,
        idleMs: 5000,
        maxRetries: 0,
        signal: controller.signal,
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
  });
});
