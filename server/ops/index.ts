/**
 * Operations (issue 20 item 3), registered by the composition root before the feature routes:
 * the request id on every answer, Prometheus metrics, the OpenAPI document (@fastify/swagger
 * collects every route's schemas as it is added, so it must come first), /api/ready.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerMetrics, type MetricSources, type Metrics } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';
import { registerOpsRoutes } from './routes';

export { requestIdOf } from './request-id';
export type { Metrics } from './metrics';

export async function registerOps(app: FastifyInstance, ctx: ServerContext, sources: MetricSources): Promise<Metrics> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tessera API',
        description: 'Every route under /api with the JSON schemas it checks (docs/conventions.md, "Route schemas").',
        version: '1',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
    },
  });
  const metrics = registerMetrics(app, sources);
  registerOpsRoutes(app, ctx, metrics);
  return metrics;
}
