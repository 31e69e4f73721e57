import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and . _ - only, so an id from outside cannot forge a log line or a header. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Fastify's genReqId. A proxy in front (nginx's $request_id, a load balancer's trace id) may have
 * named the request already: its id is kept when it is a plain token, so one id follows the request
 * through both logs. Otherwise a new UUID.
 */
export function createRequestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}
