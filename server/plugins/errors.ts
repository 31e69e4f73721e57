import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contract/errors';
import { HttpError, codeForStatus } from '../lib/http-error';
import { API_DATA_HEADERS } from '../lib/security-headers';
import { databaseErrorCode } from '../db/database-error-code';

/** Node's refusals of a header name or value, thrown when the answer's headers are written. */
const INVALID_HEADER_CODES = new Set(['ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN', 'ERR_HTTP_INVALID_HEADER_VALUE']);

/**
 * Drops the headers Node refuses to write. A header built from what the client sent (a returnTo in
 * Location, a name in Content-Disposition) that holds a character outside Latin-1 or a control byte
 * makes writeHead throw; the error answer would then carry the same header and throw again, and
 * Fastify's last-resort answer is a 500 naming the header, with none of our security headers.
 */
function dropUnwritableHeaders(reply: FastifyReply) {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      validateHeaderName(name);
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) validateHeaderValue(name, String(item));
    } catch {
      reply.removeHeader(name);
    }
  }
}

function isInvalidHeaderError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && INVALID_HEADER_CODES.has(code);
}

/** The router's limit on one path parameter (app.ts `maxParamLength`), and on every path segment (isPathTooLong). */
export const MAX_PATH_SEGMENT_LENGTH = 200;

/**
 * Whether a segment of the path is longer than any parameter the router takes, as the router measures it
 * (decoded when it decodes). The router answers 414 only when a route of the request's method would have
 * matched but for the length; a method with no such route, or the web build's wildcard route (the static
 * files), would take the path instead and answer 401, 403 or 404 by session and method. This check makes
 * the answer one 414 whatever the method and the session (decisions §22, trust round four).
 */
function isPathTooLong(url: string): boolean {
  const queryStart = url.indexOf('?');
  const pathName = queryStart === -1 ? url : url.slice(0, queryStart);
  if (pathName.length <= MAX_PATH_SEGMENT_LENGTH) return false;
  return pathName.split('/').some((segment) => {
    if (segment.length <= MAX_PATH_SEGMENT_LENGTH) return false;
    try {
      return decodeURIComponent(segment).length > MAX_PATH_SEGMENT_LENGTH;
    } catch {
      return true;
    }
  });
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoded UTF-8 (%FF, %ED%A0%80, %ZZ) or a
 * parameter over the router's length limit is refused before any route or hook runs. Fastify's own
 * answer echoes the path in a shape of its own and skips the onSend hooks, so it had no security headers.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void answerUriTooLong(reply);
  void reply
    .status(400)
    .headers({ ...API_DATA_HEADERS, 'cache-control': 'no-store' })
    .send({ message: 'The address is not valid', code: 'INVALID_REQUEST' satisfies ErrorCode });
}

function answerUriTooLong(reply: FastifyReply) {
  return reply
    .status(414)
    .headers({ ...API_DATA_HEADERS, 'cache-control': 'no-store' })
    .send({ message: 'The address is too long', code: 'URI_TOO_LONG' satisfies ErrorCode });
}

const CLIENT_ERRORS: Record<string, [number, string, ErrorCode]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive', 'REQUEST_TIMEOUT'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large', 'HEADERS_TOO_LARGE'],
  HPE_URI_TOO_LONG: [414, 'The address is too long', 'URI_TOO_LONG'],
};

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the bytes (a control byte in a header, an
 * invalid request line, Content-Length with Transfer-Encoding) before there is a request to hook into.
 * Same answer as every other refusal: the one error JSON and the API data headers, written raw.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own handler does not write a second head after an answer has begun.
  const answerInProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answerInProgress?.headersSent) {
    const [status, message, code] = CLIENT_ERRORS[error.code ?? ''] ?? [
      400,
      'The request is not valid HTTP',
      'INVALID_REQUEST',
    ];
    const body = JSON.stringify({ message, code });
    const headers = {
      ...API_DATA_HEADERS,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * PostgreSQL / driver failures that mean "the database is unreachable" or too busy to finish in time (57014: a
 * statement PostgreSQL ended at the pool's statement timeout), not "the request is wrong".
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** SQLSTATE class 22 (data exception: NUL bytes, out-of-range values) can only come from the values a client sent. */
function isDataException(error: unknown): boolean {
  return databaseErrorCode(error)?.startsWith('22') ?? false;
}

function describeLocation(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (field) return field;
  return context === 'body' ? '' : (context ?? '');
}

/** One error shape, the right status, never a 5xx for a client's mistake. */
async function errorsPlugin(app: FastifyInstance) {
  // The first hook of all (this plugin is registered first), so no session, origin or sign-in check answers before it.
  app.addHook('onRequest', async (request, reply) => {
    if (isPathTooLong(request.url)) return answerUriTooLong(reply);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isInvalidHeaderError(error)) {
      dropUnwritableHeaders(reply);
      return reply.status(400).send({ message: 'Invalid request', code: 'INVALID_REQUEST' });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(
          error.fieldErrors
            ? { message: error.message, code: error.code, errors: error.fieldErrors }
            : { message: error.message, code: error.code },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: describeLocation(issue.instancePath, error.validationContext),
        message: issue.message,
      }));
      return reply
        .status(400)
        .send({ message: errors[0]?.message ?? 'Invalid input', code: 'VALIDATION_FAILED', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
    }
    if (isDataException(error)) {
      return reply.status(400).send({
        message: 'Invalid input: text must not contain NUL characters and numbers must be in range',
        code: 'VALIDATION_FAILED',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'Service temporarily unavailable. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<number, [string, ErrorCode]> = {
        400: ['Invalid request', 'INVALID_REQUEST'],
        413: ['Request body is too large', 'PAYLOAD_TOO_LARGE'],
        415: ['Content type must be application/json', 'UNSUPPORTED_MEDIA_TYPE'],
      };
      const isInvalidJson =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error instanceof SyntaxError;
      const [message, code]: [string, ErrorCode] = isInvalidJson
        ? ['Body is not valid JSON', 'INVALID_JSON']
        : (messages[status] ?? [error.message, codeForStatus(status)]);
      return reply.status(status).send({ message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
