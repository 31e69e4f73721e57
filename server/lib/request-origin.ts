import { badRequest } from './http-error';

/**
 * The origin a request reached (protocol://host), for the links a route writes into its answer when no
 * PUBLIC_URL is set. The security plugin has already refused a Host that is no host; what is left to refuse
 * here is none at all, which HTTP/1.0 allows: a link cannot be built on it, and `new URL('http://')` throws.
 */
export function requestOrigin(request: { protocol: string; host: string }): string {
  if (request.host === '') throw badRequest('The Host header is required', undefined, 'INVALID_REQUEST');
  return `${request.protocol}://${request.host}`;
}
