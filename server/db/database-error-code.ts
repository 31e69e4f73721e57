/**
 * The PostgreSQL error code (SQLSTATE) of a driver error, which Drizzle wraps as the cause: the services
 * turn the constraint failures a concurrent request can still cause into the answers of the checks
 * before them, and the error handler answers 400 to a data exception only a client's values can cause.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
