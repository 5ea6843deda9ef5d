/**
 * Chat completions through the official `openai` SDK against any OpenAI-compatible endpoint
 * (DeepSeek, Qwen's DashScope compatible mode, Baidu Qianfan v2, a local Ollama / vLLM). The SDK
 * brings streaming, cancellation (AbortSignal), timeouts and retries with backoff on 429 / 5xx
 * (honouring Retry-After); we give it a fetch that goes through the SSRF guard
 * (server/net/stream-fetch.ts) and turn its errors into the catalogue's messages. The key is
 * only ever in the Authorization header: never in a prompt, a log line or an answer.
 */
import OpenAI from 'openai';
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { OutboundError, type OutboundPolicy } from '../net/outbound';
import { guardedStreamFetch } from '../net/stream-fetch';

export const PROVIDERS = ['deepseek', 'qwen', 'qianfan', 'openai', 'custom'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Where each provider's OpenAI-compatible API lives (a model's base_url overrides it). */
export const PROVIDER_BASE_URLS: Record<Exclude<Provider, 'custom'>, string> = {
  deepseek: 'https://api.deepseek.com/v1',
  qwen: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  qianfan: 'https://qianfan.baidubce.com/v2',
  openai: 'https://api.openai.com/v1',
};

export interface ChatTarget {
  provider: Provider;
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatStreamOptions {
  signal?: AbortSignal;
  /** Per attempt, ms (the SDK's timeout). */
  timeoutMs?: number;
  maxRetries?: number;
  /** Longest wait for the first piece (retries included) and between pieces, ms (the SDK's timeout ends at the headers). */
  idleMs?: number;
  policy?: OutboundPolicy;
}

export const CHAT_DEFAULTS = { timeoutMs: 60_000, maxRetries: 2, idleMs: 60_000 } as const;

export function baseUrlOf(target: Pick<ChatTarget, 'provider' | 'baseUrl'>): string {
  if (target.baseUrl) return target.baseUrl;
  if (target.provider === 'custom') throw new ApiError(ResultCode.BAD_REQUEST, 'ai.baseUrlRequired');
  return PROVIDER_BASE_URLS[target.provider];
}

function clientFor(target: ChatTarget, options: ChatStreamOptions): OpenAI {
  return new OpenAI({
    apiKey: target.apiKey || 'none', // local Ollama / vLLM take any key
    baseURL: baseUrlOf(target),
    fetch: guardedStreamFetch(options.policy),
    timeout: options.timeoutMs ?? CHAT_DEFAULTS.timeoutMs,
    maxRetries: options.maxRetries ?? CHAT_DEFAULTS.maxRetries,
  });
}

/** The SDK's failure as the catalogue's: what the user is told, never the key or the raw body. */
export function chatError(error: unknown): Error {
  if (error instanceof ApiError) return error;
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof OutboundError) return cause;
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ApiError(ResultCode.SERVER_ERROR, 'ai.timeout');
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError)
    return new ApiError(ResultCode.BAD_REQUEST, 'ai.keyRejected');
  if (error instanceof OpenAI.RateLimitError) return new ApiError(ResultCode.SERVER_ERROR, 'ai.rateLimited');
  if (error instanceof OpenAI.APIConnectionError) {
    const reason = (cause as { code?: string; message?: string })?.code ?? (cause as Error)?.message ?? 'error';
    return new ApiError(ResultCode.SERVER_ERROR, 'ai.unreachable', { reason: String(reason).slice(0, 120) });
  }
  if (error instanceof OpenAI.APIError)
    return new ApiError(ResultCode.SERVER_ERROR, 'ai.upstreamError', {
      status: error.status ?? '-',
      message: String((error.error as { message?: string } | undefined)?.message ?? error.message).slice(0, 200),
    });
  if (error instanceof SyntaxError) return new ApiError(ResultCode.SERVER_ERROR, 'ai.badAnswer');
  return new ApiError(ResultCode.SERVER_ERROR, 'ai.unreachable', {
    reason: String((error as Error)?.message ?? error).slice(0, 120),
  });
}

/**
 * Streams one answer: yields each piece of text as it arrives, and returns the usage (the
 * provider's, when it sends one; else estimated at ~4 characters a token). Throws the catalogue's
 * errors; an abort through `signal` ends it with the SDK's APIUserAbortError.
 */
export async function* streamChat(
  target: ChatTarget,
  messages: ChatMessage[],
  options: ChatStreamOptions = {},
): AsyncGenerator<string, ChatUsage> {
  let usage: ChatUsage | undefined;
  let produced = '';
  // An upstream that sent its headers and then nothing would hold the answer (and the user) forever:
  // the SDK's timeout stops at the headers. So no piece for idleMs — from the call's start, retries
  // included, or between pieces — cuts the call, reported as a timeout.
  const idle = new AbortController();
  let quiet = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One timer for the call, pushed back on each piece (refresh) rather than a new one per piece.
  const wait = () => {
    if (timer) timer.refresh();
    else
      timer = setTimeout(() => {
        quiet = true;
        idle.abort();
      }, options.idleMs ?? CHAT_DEFAULTS.idleMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  try {
    wait();
    const stream = await clientFor(target, options).chat.completions.create(
      { model: target.model, messages, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    for await (const chunk of stream) {
      wait();
      if (chunk.usage)
        usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      const piece = chunk.choices?.[0]?.delta?.content;
      if (piece) {
        produced += piece;
        yield piece;
      }
    }
    // The SDK ends the iteration quietly when the signal aborts mid-body: that is a stop (or the
    // idle cut), never a finished answer.
    if (signal.aborted) throw new OpenAI.APIUserAbortError();
  } catch (error) {
    if (quiet && !options.signal?.aborted) throw new ApiError(ResultCode.SERVER_ERROR, 'ai.timeout');
    throw chatError(error);
  } finally {
    clearTimeout(timer);
  }
  return (
    usage ?? {
      promptTokens: Math.ceil(messages.reduce((sum, m) => sum + m.content.length, 0) / 4),
      completionTokens: Math.ceil(produced.length / 4),
    }
  );
}
