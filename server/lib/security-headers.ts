/**
 * The headers of an answer to /api/ that is data (JSON, or no body: a 304, a 204), not a page: nothing in it may
 * run, load or be framed (OWASP REST Security: default-src 'none', frame-ancestors 'none'). The
 * page policy (plugins/security.ts) is about 600 bytes more, on every answer, and the most frequent answer, the
 * achievement poll's 304, is otherwise only a few headers long (docs/benchmarks.md).
 * Also the headers of the error answers written before any route or hook runs (plugins/errors.ts).
 */
export const API_DATA_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';base-uri 'none';frame-ancestors 'none';object-src 'none'",
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
