import type { FastifyReply } from 'fastify';

/**
 * A 304 with no payload at all: fastify then sends no Content-Length. Sending `null` through the route's
 * response schema made it "null" with `Content-Length: 4`, and keep-alive clients waited for that body.
 */
export function sendNotModified(reply: FastifyReply): FastifyReply {
  return reply.status(304).send();
}
