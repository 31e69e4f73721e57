import type { ErrorCode } from '../../contract/errors';

type FieldErrors = Array<{ path: string; message: string }>;

/** The code of a refusal that only has a status: Fastify's own 4xx answers and hand-written ones. */
export function codeForStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: 'INVALID_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    406: 'NOT_ACCEPTABLE',
    408: 'REQUEST_TIMEOUT',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    431: 'HEADERS_TOO_LARGE',
    503: 'SERVICE_UNAVAILABLE',
  };
  return codes[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST');
}

/** Thrown by services for an expected refusal; the error plugin turns it into the one error JSON shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fieldErrors?: FieldErrors,
    readonly code: ErrorCode = codeForStatus(statusCode),
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function badRequest(message: string, fieldErrors?: FieldErrors, code: ErrorCode = 'VALIDATION_FAILED') {
  return new HttpError(400, message, {}, fieldErrors, code);
}
export function unauthorized() {
  return new HttpError(401, 'Unauthorized');
}
export function forbidden(message: string, code: ErrorCode = 'FORBIDDEN') {
  return new HttpError(403, message, {}, undefined, code);
}
export function notFound(message: string, code: ErrorCode = 'NOT_FOUND') {
  return new HttpError(404, message, {}, undefined, code);
}
export function conflict(message: string, code: ErrorCode = 'CONFLICT') {
  return new HttpError(409, message, {}, undefined, code);
}
export function tooManyRequests(message: string, retryAfterSeconds: number) {
  return new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
