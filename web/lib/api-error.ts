import type { ErrorCode } from '@contract/errors';

export type FieldProblem = { path: string; message: string };

/**
 * The one error every call to the API throws for a refusal. `message` keeps the product's
 * `status: text` form (`409: {"message":"Event Full","code":"EVENT_FULL"}`), which is what screens show
 * where the product asks for it; screens decide everything else by `status` and `code`, never by
 * reading the English message. A network failure is not an ApiError (fetch's own TypeError).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's stable reason; null when the body was not ours (a proxy's HTML page, say). */
  readonly code: ErrorCode | null;
  /** The server's English sentence, for logs and tests: never shown translated screens. */
  readonly serverMessage: string | null;
  readonly fieldErrors: FieldProblem[];

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(text);
    this.code = body.code;
    this.serverMessage = body.message;
    this.fieldErrors = body.fieldErrors;
  }
}

function parseErrorBody(text: string): { code: ErrorCode | null; message: string | null; fieldErrors: FieldProblem[] } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { code: null, message: null, fieldErrors: [] };
  }
  if (!body || typeof body !== 'object') return { code: null, message: null, fieldErrors: [] };
  const { code, message, errors } = body as { code?: unknown; message?: unknown; errors?: unknown };
  const fieldErrors = Array.isArray(errors)
    ? errors.filter((item): item is FieldProblem => typeof item?.path === 'string' && typeof item?.message === 'string')
    : [];
  return {
    code: typeof code === 'string' ? (code as ErrorCode) : null,
    message: typeof message === 'string' ? message : null,
    fieldErrors,
  };
}

/** The response's body, or its status text when empty, as the error the caller throws. */
export async function readApiError(response: Response): Promise<ApiError> {
  const text = (await response.text()) || response.statusText;
  return new ApiError(response.status, text);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The status of a refusal, 0 when the server was not reached (offline, DNS, a dropped connection). */
export function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

export function codeOf(error: unknown): ErrorCode | null {
  return isApiError(error) ? error.code : null;
}

/** The 401 of a missing or ended session, which sends the user to sign in again (a wrong password is not one). */
export function isUnauthorizedError(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'UNAUTHORIZED';
}
