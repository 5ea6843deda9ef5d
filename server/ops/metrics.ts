/**
 * Prometheus metrics (prom-client). Each app instance keeps its own registry — tests build many
 * apps in one process — and the process-wide default metrics (CPU, memory, event-loop lag, GC)
 * live in one registry started on the first scrape, so nothing is measured until someone asks.
 *
 * Per request: one counter increment and one histogram observation in onResponse, labelled by the
 * matched route pattern (never the raw URL: ids and table names would explode the label space).
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { matchedRoute } from '../plugins/route';

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'tessera_' });
  }
  return processRegistry;
}

export interface MetricSources {
  /** Server-sent-event streams open on this instance. */
  openStreams(): number;
}

export interface Metrics {
  /** Counts an answer whose `code` is not 200 (called by the error handler). */
  countAnswer(code: string): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ text: string; contentType: string }>;
}

export function registerMetrics(app: FastifyInstance, sources: MetricSources): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'tessera_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and HTTP status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'tessera_answers_by_code_total',
    help: 'Answers that were not a success, by their result code (P4000, P4003, 500 ...)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'tessera_sse_streams',
    help: 'Server-sent-event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = matchedRoute(request).url || 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  return {
    countAnswer(code) {
      answers.inc({ code });
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { text: await merged.metrics(), contentType: merged.contentType };
    },
  };
}
