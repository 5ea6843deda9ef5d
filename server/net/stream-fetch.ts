/**
 * A `fetch` for SDKs that stream (the openai SDK's chat completions): the same SSRF guard as
 * guardedFetch — only http(s), the host resolved and every address checked, the connection pinned
 * to the checked address — but the answer's body is handed back as a stream, since a chat answer
 * arrives token by token. Redirects are not followed (an LLM endpoint does not redirect; following
 * one would need the per-hop checks of guardedFetch): a 3xx is answered as it is and the SDK fails
 * on it. The caller's AbortSignal and the SDK's own timeout apply; the connection's agent is closed
 * once the answer is done.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { checkedAddress, parseUrl, pinnedLookup, type OutboundPolicy } from './outbound';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function guardedStreamFetch(policy: OutboundPolicy = {}): FetchLike {
  return async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = parseUrl(href);
    const pinned = await checkedAddress(url, policy);
    const agent = new Agent({ connect: { lookup: pinnedLookup(pinned) }, pipelining: 0 });
    try {
      const answer = await undiciFetch(url, {
        ...(init as Record<string, unknown>),
        redirect: 'manual',
        dispatcher: agent,
      } as Parameters<typeof undiciFetch>[1]);
      // Graceful: the agent closes when the body has been read (or the caller aborts).
      void agent.close().catch(() => undefined);
      return answer as unknown as Response;
    } catch (error) {
      void agent.destroy().catch(() => undefined);
      throw error;
    }
  };
}
