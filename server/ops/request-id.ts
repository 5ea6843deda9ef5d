/**
 * Request ids: every request gets one, used by Fastify's per-request logger (`reqId` on each log
 * line) and sent back in `x-request-id` on every answer, so a user's error report and the log line
 * meet. A balancer's id (nginx `$request_id`, haproxy `unique-id-format`) is kept when it looks like
 * one; anything else is replaced, so a client cannot inject text into the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
