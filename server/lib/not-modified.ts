import type { FastifyReply } from 'fastify';

/**
 * A 304 with no payload at all: fastify then sends no Content-Length. Sending `null` through the route's
 * response schema made it "null" with `Content-Length: 4`, and keep-alive clients waited for that body.
 */
export function sendNotModified(reply: FastifyReply): FastifyReply {
  return reply.status(304).send();
}

/** RFC 9110 If-None-Match: weak comparison, a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
