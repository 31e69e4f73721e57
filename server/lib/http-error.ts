/** Thrown by services for an expected refusal; the error plugin turns it into decisions §2's JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fieldErrors?: Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function badRequest(message: string, fieldErrors?: Array<{ path: string; message: string }>) {
  return new HttpError(400, message, {}, fieldErrors);
}
export function unauthorized() {
  return new HttpError(401, 'Unauthorized');
}
export function forbidden(message: string) {
  return new HttpError(403, message);
}
export function notFound(message: string) {
  return new HttpError(404, message);
}
export function conflict(message: string) {
  return new HttpError(409, message);
}
export function tooManyRequests(message: string, retryAfterSeconds: number) {
  return new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
