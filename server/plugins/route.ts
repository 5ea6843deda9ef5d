/**
 * The matched route of a request (its URL pattern and config), read once per request. Fastify's
 * request.routeOptions is a getter that builds a new object of a dozen fields, asking the router
 * about version constraints, on every access; the session, IP allow-list and trial hooks each
 * need the route, so they share this one reading.
 */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

export interface MatchedRoute {
  /** The route's pattern (`/api/common/:table/list`); '' when no route matched. */
  url: string;
  config: FastifyContextConfig | undefined;
}

const routes = new WeakMap<FastifyRequest, MatchedRoute>();

export function matchedRoute(request: FastifyRequest): MatchedRoute {
  let route = routes.get(request);
  if (!route) {
    const options = request.routeOptions;
    route = { url: options.url ?? '', config: options.config };
    routes.set(request, route);
  }
  return route;
}
